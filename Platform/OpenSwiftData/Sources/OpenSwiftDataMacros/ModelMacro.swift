import SwiftSyntax
import SwiftSyntaxMacros

/// `@Model`: turns a class into a persistent model, final or not, or a `@Model` subclass
/// of a `@Model` class into a persistent model of its own entity (model inheritance).
///
/// - memberAttribute: adds `@_PersistedProperty(N)` to each persisted property, N being
///   its index among the persisted properties in declaration order (after the active
///   properties of `#if` blocks, which it names), and `@_OptionalConstants` to an
///   initializer that leaves optional `let` properties unassigned;
/// - member: adds the backing data, `persistentBackingData`, the schema description
///   (`schemaMetadata`, `schemaIndexes`, `schemaUniquenessConstraints`) and
///   `init(backingData:)`;
/// - extension: conforms the class to `OpenSwiftData.PersistentModel`, a nonisolated
///   conformance whatever the class's isolation.
///
/// Only the member role reports diagnostics; when there are any, no role expands.
public struct ModelMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let model = ModelAnalysis(attribute: node, declaration: declaration)
        guard model.isValid else {
            model.diagnostics.forEach(context.diagnose)
            return []
        }
        // A class whose superclass is a model conforms to `PersistentModel` already: the
        // compiler then lists no protocol left to conform to.
        let superclass = protocols.isEmpty ? model.firstInheritedType : nil
        return ModelMemberBuilder.members(for: model, superclass: superclass)
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        if let initializer = member.as(InitializerDeclSyntax.self) {
            let model = ModelAnalysis(attribute: node, declaration: declaration)
            guard model.isValid else { return [] }
            let names = OptionalConstants.unassigned(by: initializer, in: model)
            guard !names.isEmpty else { return [] }
            let arguments = names.map { "\"\($0)\"" }.joined(separator: ", ")
            return ["@_OptionalConstants(\(raw: arguments))"]
        }
        // The member is matched by name: in the compiler it is not the same syntax node
        // as the one in `declaration`.
        // A `let` cannot have accessors: `init(backingData:)` sets it instead.
        guard let variable = member.as(VariableDeclSyntax.self),
            case .persisted(let property) = PropertyClassifier.classify(variable), !property.isConstant
        else {
            return []
        }
        let model = ModelAnalysis(attribute: node, declaration: declaration)
        guard model.isValid, let position = model.property(declaredBy: variable, named: property.name)?.position
        else {
            return []
        }
        // A property after or inside `#if` blocks is numbered after their active properties.
        let counts =
            position.counts.isEmpty ? "" : ", after: [\(position.counts.map(String.init).joined(separator: ", "))]"
        return ["@_PersistedProperty(\(raw: position.literal)\(raw: counts))"]
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let alreadyConforms =
            declaration.inheritanceClause?.inheritedTypes.contains { $0.type.simpleName == "PersistentModel" } ?? false
        guard !protocols.isEmpty, !alreadyConforms, ModelAnalysis(attribute: node, declaration: declaration).isValid
        else {
            return []
        }
        // `nonisolated`: the class may be isolated to the main actor (a module's default
        // isolation), and `PersistentModel` is `SendableMetatype` (as SwiftData's is): its
        // conformance, and those it implies (`Hashable`, `Observable`), cannot be isolated.
        return [try ExtensionDeclSyntax("extension \(type.trimmed): nonisolated OpenSwiftData.PersistentModel {}")]
    }
}
