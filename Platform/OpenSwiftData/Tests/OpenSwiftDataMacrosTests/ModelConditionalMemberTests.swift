import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Model` and members inside `#if` blocks.
@Suite("@Model conditional members")
struct ModelConditionalMemberTests {
    @Test("A persisted property inside #if is an error; transient and computed ones are fine")
    func persistedInsideIf() {
        assertExpansion(
            """
            @Model
            final class Trip {
                #if DEBUG
                @Transient var debugLabel: String = ""
                var computed: Int { 1 }
                #else
                #if os(Linux)
                var linuxOnly: Int = 0
                #endif
                #endif
            }
            """,
            expandedSource: """
                final class Trip {
                    #if DEBUG
                    var debugLabel: String = ""
                    var computed: Int { 1 }
                    #else
                    #if os(Linux)
                    var linuxOnly: Int = 0
                    #endif
                    #endif
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@Model does not support persisted properties inside '#if'; move 'linuxOnly' out of it or mark it @Transient",
                    line: 8,
                    column: 5
                )
            ]
        )
    }
}
