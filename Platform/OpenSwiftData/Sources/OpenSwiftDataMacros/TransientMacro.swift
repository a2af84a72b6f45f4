import SwiftSyntax
import SwiftSyntaxMacros

/// `@Transient`: a marker read by `@Model`, which leaves the property out of the store.
/// Expands to nothing.
public struct TransientMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
