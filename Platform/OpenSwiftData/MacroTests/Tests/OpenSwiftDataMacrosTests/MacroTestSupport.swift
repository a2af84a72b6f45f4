import OpenSwiftDataMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, by the names the library declares them with. `@Model` and
/// `@ModelActor` announce their conformances so that their extension roles expand.
let allMacroSpecs: [String: MacroSpec] = [
    "Model": MacroSpec(type: ModelMacro.self, conformances: [protocolType("PersistentModel")]),
    "_PersistedProperty": MacroSpec(type: PersistedPropertyMacro.self),
    "_OptionalConstants": MacroSpec(type: OptionalConstantsMacro.self),
    "Attribute": MacroSpec(type: AttributeMacro.self),
    "Relationship": MacroSpec(type: RelationshipMacro.self),
    "Transient": MacroSpec(type: TransientMacro.self),
    "Index": MacroSpec(type: IndexMacro.self),
    "Unique": MacroSpec(type: UniqueMacro.self),
    "ModelActor": MacroSpec(type: ModelActorMacro.self, conformances: [protocolType("ModelActor")]),
]

/// The macros as the compiler expands them on a `@Model` subclass of a `@Model` class:
/// the class conforms to `PersistentModel` already, so `@Model` is given no protocol.
let subclassMacroSpecs: [String: MacroSpec] = allMacroSpecs.merging(
    ["Model": MacroSpec(type: ModelMacro.self, conformances: [])], uniquingKeysWith: { $1 })

/// A type named `name`, for `MacroSpec` conformances.
func protocolType(_ name: String) -> TypeSyntax {
    TypeSyntax(IdentifierTypeSyntax(name: .identifier(name)))
}

/// Expands `source` with the OpenSwiftData macros and records a Swift Testing issue, at
/// the caller's location, for every way the result differs from what is expected.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    fixedSource: String? = nil,
    macroSpecs: [String: MacroSpec] = allMacroSpecs,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macroSpecs,
        fixedSource: fixedSource,
        failureHandler: { failure in
            Issue.record(
                Comment(rawValue: failure.message),
                sourceLocation: SourceLocation(
                    fileID: failure.location.fileID,
                    filePath: failure.location.filePath,
                    line: failure.location.line,
                    column: failure.location.column
                )
            )
        },
        fileID: fileID,
        filePath: filePath,
        line: line,
        column: column
    )
}
