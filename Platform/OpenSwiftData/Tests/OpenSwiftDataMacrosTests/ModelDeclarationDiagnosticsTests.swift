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
                DiagnosticSpec(message: "@Model can only be applied to a final class", line: 1, column: 1)
            ]
        )
    }

    @Test("@Model on a class that is not final is an error with a Fix-It")
    func notFinal() {
        assertExpansion(
            """
            @Model
            class Trip {
                var name: String = ""
            }
            """,
            expandedSource: """
                class Trip {
                    var name: String = ""
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model classes must be final",
                    line: 2,
                    column: 1,
                    fixIts: [FixItSpec(message: "Add 'final'")]
                )
            ],
            fixedSource: """
                @Model
                final class Trip {
                    var name: String = ""
                }
                """
        )
    }

    @Test("The Fix-It adds final after the other modifiers")
    func notFinalPublic() {
        assertExpansion(
            """
            @Model public class Trip {
            }
            """,
            expandedSource: """
                public class Trip {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model classes must be final",
                    line: 1,
                    column: 15,
                    fixIts: [FixItSpec(message: "Add 'final'")]
                )
            ],
            fixedSource: """
                @Model public final class Trip {
                }
                """
        )
    }

    @Test("An open class gets the error without a Fix-It")
    func openClass() {
        assertExpansion(
            """
            @Model
            open class Trip {
            }
            """,
            expandedSource: """
                open class Trip {
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@Model classes must be final", line: 2, column: 6)
            ]
        )
    }
}
