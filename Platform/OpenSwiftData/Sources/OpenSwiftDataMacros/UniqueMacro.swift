import SwiftSyntax
import SwiftSyntaxMacros

/// `#Unique<Model>([\.a, \.b])`: declares uniqueness constraints; `@Model` reads them
/// into `schemaUniquenessConstraints`. Expands to no declaration, after checking that every argument is a
/// non-empty array literal of key paths.
public struct UniqueMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        KeyPathLists.diagnostics(for: node, macroName: "Unique").forEach(context.diagnose)
        return []
    }
}
