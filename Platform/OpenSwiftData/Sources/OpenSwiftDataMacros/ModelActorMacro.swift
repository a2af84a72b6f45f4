import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ModelActor`: gives an actor its own model context.
///
/// - member: adds `modelExecutor`, `modelContainer` and `init(modelContainer:)`, as
///   visible as the actor (`public` or `package`, else no modifier);
/// - extension: conforms the actor to `OpenSwiftData.ModelActor`.
public struct ModelActorMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let actor = declaration.as(ActorDeclSyntax.self) else {
            context.diagnose(
                Diagnostic(
                    node: node,
                    message: MacroDiagnostic("notAnActor", "@ModelActor can only be applied to an actor")
                )
            )
            return []
        }
        let access = actor.modifiers.generatedAccessModifier
        return [
            "\(raw: access)nonisolated let modelExecutor: any OpenSwiftData.ModelExecutor",
            "\(raw: access)nonisolated let modelContainer: OpenSwiftData.ModelContainer",
            """
            \(raw: access)init(modelContainer: OpenSwiftData.ModelContainer) {
                let modelContext = OpenSwiftData.ModelContext(modelContainer)
                self.modelExecutor = OpenSwiftData.DefaultSerialModelExecutor(modelContext: modelContext)
                self.modelContainer = modelContainer
            }
            """,
        ]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let alreadyConforms =
            declaration.inheritanceClause?.inheritedTypes.contains { $0.type.simpleName == "ModelActor" } ?? false
        guard declaration.is(ActorDeclSyntax.self), !protocols.isEmpty, !alreadyConforms else {
            return []
        }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): OpenSwiftData.ModelActor {}")]
    }
}
