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
}
