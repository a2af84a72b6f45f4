import SwiftDiagnostics
import SwiftSyntax

/// Reads the arguments of `#Index` and `#Unique`: each one an array literal of key
/// paths, such as `[\.name, \.startDate]` or `[\Trip.name]`.
enum KeyPathLists {
    /// The property names of each argument, or `nil` for an argument that is not a
    /// non-empty array literal of single-property key paths.
    static func propertyNames(in arguments: LabeledExprListSyntax) -> [[String]?] {
        arguments.map { argument in
            guard let array = argument.expression.as(ArrayExprSyntax.self), !array.elements.isEmpty else {
                return nil
            }
            var names: [String] = []
            for element in array.elements {
                guard let name = propertyName(of: element.expression) else {
                    return nil
                }
                names.append(name)
            }
            return names
        }
    }

    /// The name of the last property component of a key path expression like `\.name`.
    private static func propertyName(of expression: ExprSyntax) -> String? {
        guard let keyPath = expression.as(KeyPathExprSyntax.self),
            let last = keyPath.components.last,
            case .property(let property) = last.component
        else {
            return nil
        }
        return property.declName.baseName.unescapedText
    }

    /// Diagnostics for a `#Index` or `#Unique` expansion whose arguments are not all
    /// non-empty array literals of key paths. `macroName` is `Index` or `Unique`.
    static func diagnostics(
        for node: some FreestandingMacroExpansionSyntax,
        macroName: String
    ) -> [Diagnostic] {
        let usage = "#\(macroName) takes one or more array literals of key paths, such as [\\.name, \\.date]"
        if node.arguments.isEmpty {
            return [Diagnostic(node: node, message: MacroDiagnostic("empty\(macroName)", usage))]
        }
        return zip(node.arguments, propertyNames(in: node.arguments)).compactMap { argument, names in
            names == nil
                ? Diagnostic(node: argument, message: MacroDiagnostic("invalid\(macroName)Argument", usage))
                : nil
        }
    }
}
