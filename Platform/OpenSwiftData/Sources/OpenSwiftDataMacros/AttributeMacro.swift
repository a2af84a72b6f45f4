import SwiftSyntax
import SwiftSyntaxMacros

/// `@Attribute(...)`: a marker read by `@Model`, which copies its arguments into the
/// property's `Schema.Attribute` metadata. Expands to nothing.
public struct AttributeMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
