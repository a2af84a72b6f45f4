import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides every macro declared by OpenSwiftData.
@main
struct OpenSwiftDataMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        ModelMacro.self,
        PersistedPropertyMacro.self,
        OptionalConstantsMacro.self,
        AttributeMacro.self,
        RelationshipMacro.self,
        TransientMacro.self,
        IndexMacro.self,
        UniqueMacro.self,
        ModelActorMacro.self,
        EvaluatingPredicateMacro.self,
        EvaluatingExpressionMacro.self,
    ]
}
