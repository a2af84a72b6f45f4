import SwiftSyntax
import SwiftSyntaxMacros

/// `@Relationship(...)`: a marker read by `@Model`, which copies its arguments into the
/// property's `Schema.Relationship` metadata. Expands to nothing.
public struct RelationshipMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
