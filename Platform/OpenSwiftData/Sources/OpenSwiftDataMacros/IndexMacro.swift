import SwiftSyntax
import SwiftSyntaxMacros

/// `#Index<Model>([\.a], [\.b, \.c])`: declares indexes; `@Model` reads them into
/// `schemaIndexes`. Expands to no declaration, after checking that every argument is a
/// non-empty array literal of key paths.
public struct IndexMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        KeyPathLists.diagnostics(for: node, macroName: "Index").forEach(context.diagnose)
        return []
    }
}
