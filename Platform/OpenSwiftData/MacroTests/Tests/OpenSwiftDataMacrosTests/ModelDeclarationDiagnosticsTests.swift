import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Model` errors about the declaration it is attached to.
@Suite("@Model declaration diagnostics")
struct ModelDeclarationDiagnosticsTests {
    @Test(
        "@Model on anything but a class is an error",
        arguments: [
            "struct Trip {\n}",
            "enum Trip {\n}",
            "actor Trip {\n}",
            "protocol Trip {\n}",
            "extension Trip {\n}",
        ]
    )
    func notAClass(declaration: String) {
        assertExpansion(
            "@Model\n" + declaration,
            expandedSource: declaration,
            diagnostics: [
                DiagnosticSpec(message: "@Model can only be applied to a class", line: 1, column: 1)
            ]
        )
    }

    @Test("A model of computed properties only is an error naming one of them")
    func computedOnly() {
        assertExpansion(
            """
            @Model
            final class Summary {
                var title: String { "Trips" }
                var count: Int { 3 }
            }
            """,
            expandedSource: """
                final class Summary {
                    var title: String { "Trips" }
                    var count: Int { 3 }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'title' is computed, and 'Summary' has no stored property for @Model to persist; add one, or remove @Model",
                    line: 3,
                    column: 9
                )
            ]
        )
    }
}
