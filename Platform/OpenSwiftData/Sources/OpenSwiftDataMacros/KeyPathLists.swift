import SwiftDiagnostics
import SwiftSyntax

/// Reads the arguments of `#Index` and `#Unique`: each one an array literal of key
/// paths, such as `[\.name, \.startDate]` or `[\Trip.name]`. `#Index` also takes
/// `Schema.Index.Types` cases, `.binary([\.name])` and `.rtree([\.x, \.y])`.
enum KeyPathLists {
    /// The index kinds `Schema.Index.Types` has; each wraps one array of key paths.
    static let indexTypeCases: Set<String> = ["binary", "rtree"]

    /// The property names of each argument, or `nil` for an argument that is not a
    /// non-empty array literal of single-property key paths (or, when `acceptsIndexTypes`,
    /// an index type case wrapping one).
    static func propertyNames(in arguments: LabeledExprListSyntax, acceptsIndexTypes: Bool = false) -> [[String]?] {
        arguments.map { argument in
            if acceptsIndexTypes, let wrapped = indexTypeArray(argument.expression) {
                return names(in: wrapped)
            }
            return names(in: argument.expression)
        }
    }

    /// The array literal inside `.binary([…])`, `.rtree([…])` or a qualified spelling
    /// such as `Schema.Index<Trip>.Types<Trip>.binary([…])`.
    private static func indexTypeArray(_ expression: ExprSyntax) -> ExprSyntax? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            indexTypeCases.contains(member.declName.baseName.text),
            call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
            call.trailingClosure == nil
        else {
            return nil
        }
        return only.expression
    }

    /// The property names of a non-empty array literal of key paths, or `nil`.
    private static func names(in expression: ExprSyntax) -> [String]? {
        guard let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty else {
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
    /// non-empty array literals of key paths (or, for `#Index`, index type cases wrapping
    /// one). `macroName` is `Index` or `Unique`.
    static func diagnostics(
        for node: some FreestandingMacroExpansionSyntax,
        macroName: String
    ) -> [Diagnostic] {
        let acceptsIndexTypes = macroName == "Index"
        let usage =
            acceptsIndexTypes
            ? "#Index takes one or more array literals of key paths, such as [\\.name, \\.date], "
                + "or index types, such as .binary([\\.name]) and .rtree([\\.x, \\.y])"
            : "#\(macroName) takes one or more array literals of key paths, such as [\\.name, \\.date]"
        if node.arguments.isEmpty {
            return [Diagnostic(node: node, message: MacroDiagnostic("empty\(macroName)", usage))]
        }
        let names = propertyNames(in: node.arguments, acceptsIndexTypes: acceptsIndexTypes)
        return zip(node.arguments, names).compactMap { argument, names in
            names == nil
                ? Diagnostic(node: argument, message: MacroDiagnostic("invalid\(macroName)Argument", usage))
                : nil
        }
    }
}
