import SwiftSyntax
import SwiftSyntaxMacros

/// `#Index<Model>([\.a], [\.b, \.c])` and `#Index<Model>(.binary([\.a]), .rtree([\.x, \.y]))`:
/// declare indexes; `@Model` reads them into `schemaIndexes`. Expands to no declaration,
/// after checking that every argument is a non-empty array literal of key paths, or an
/// index type case wrapping one.
public struct IndexMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        KeyPathLists.diagnostics(for: node, macroName: "Index").forEach(context.diagnose)
        return []
    }
}
