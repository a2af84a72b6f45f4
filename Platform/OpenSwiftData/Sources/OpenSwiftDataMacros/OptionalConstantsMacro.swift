import SwiftSyntax
import SwiftSyntaxMacros

/// `@_OptionalConstants("note")`, added by `@Model` to an initializer that leaves optional
/// `let` properties unassigned: starts the initializer's body with `self.note = nil` for
/// each, so that it compiles and the property is nil, as in SwiftData (where a persisted
/// property is always computed, and an unassigned one reads nil). Swift gives an optional
/// `var` that implicit initial value, and never a `let`; accessors, which make a property
/// computed, cannot be added to a `let` in the Swift 6 language mode.
public struct OptionalConstantsMacro: BodyMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingBodyFor declaration: some DeclSyntaxProtocol & WithOptionalCodeBlockSyntax,
        in context: some MacroExpansionContext
    ) throws -> [CodeBlockItemSyntax] {
        guard let body = declaration.body else { return [] }
        let names: [String] =
            if case .argumentList(let arguments) = node.arguments {
                arguments.compactMap { argument in
                    argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                }
            } else {
                []
            }
        let assignments: [CodeBlockItemSyntax] = names.map { "self.\(raw: $0) = nil" }
        return assignments + Array(body.statements)
    }
}

/// Finds the optional `let` properties an initializer leaves unassigned.
enum OptionalConstants {
    /// The spelled names of the optional `let` properties of `model` without initial value
    /// that `initializer` never assigns (as `name = …` or `self.name = …`), or an empty
    /// list for an initializer that delegates (`self.init(…)`) or has no body.
    static func unassigned(by initializer: InitializerDeclSyntax, in model: ModelAnalysis) -> [String] {
        guard let body = initializer.body, !initializer.modifiers.contains(.convenience) else { return [] }
        let candidates = model.properties.filter {
            $0.isConstant && $0.defaultValue == nil && $0.isOptional && !$0.isConditional
        }
        guard !candidates.isEmpty else { return [] }
        let tokens = Array(body.tokens(viewMode: .sourceAccurate))
        var assigned: Set<String> = []
        for (position, token) in tokens.enumerated() {
            if token.tokenKind == .keyword(.`init`), position >= 2, tokens[position - 1].tokenKind == .period,
                tokens[position - 2].tokenKind == .keyword(.self)
            {
                return []
            }
            guard case .identifier = token.tokenKind, position + 1 < tokens.count,
                tokens[position + 1].tokenKind == .equal
            else { continue }
            // `other.name = …` assigns another object's property; `name = …` and
            // `self.name = …` assign this one's.
            if position >= 1, tokens[position - 1].tokenKind == .period,
                position < 2 || tokens[position - 2].tokenKind != .keyword(.self)
            {
                continue
            }
            assigned.insert(token.unescapedText)
        }
        return candidates.filter { !assigned.contains($0.name) }.map(\.spelledName)
    }
}
