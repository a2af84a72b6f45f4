import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@ModelActor` members and conformance, at each access level.
@Suite("@ModelActor")
struct ModelActorMacroTests {
    @Test("An internal actor gets members without access modifier")
    func internalActor() {
        assertExpansion(
            """
            @ModelActor
            actor Importer {
            }
            """,
            expandedSource: """
                actor Importer {

                    nonisolated let modelExecutor: any OpenSwiftData.ModelExecutor

                    nonisolated let modelContainer: OpenSwiftData.ModelContainer

                    init(modelContainer: OpenSwiftData.ModelContainer) {
                        let modelContext = OpenSwiftData.ModelContext(modelContainer)
                        self.modelExecutor = OpenSwiftData.DefaultSerialModelExecutor(modelContext: modelContext)
                        self.modelContainer = modelContainer
                    }
                }

                extension Importer: OpenSwiftData.ModelActor {
                }
                """
        )
    }

    @Test("A public actor gets public members")
    func publicActor() {
        assertExpansion(
            """
            @ModelActor
            public actor Importer {
                func run() {}
            }
            """,
            expandedSource: """
                public actor Importer {
                    func run() {}

                    public nonisolated let modelExecutor: any OpenSwiftData.ModelExecutor

                    public nonisolated let modelContainer: OpenSwiftData.ModelContainer

                    public init(modelContainer: OpenSwiftData.ModelContainer) {
                        let modelContext = OpenSwiftData.ModelContext(modelContainer)
                        self.modelExecutor = OpenSwiftData.DefaultSerialModelExecutor(modelContext: modelContext)
                        self.modelContainer = modelContainer
                    }
                }

                extension Importer: OpenSwiftData.ModelActor {
                }
                """
        )
    }

    @Test("A package actor gets package members")
    func packageActor() {
        assertExpansion(
            """
            @ModelActor
            package actor Importer {
            }
            """,
            expandedSource: """
                package actor Importer {

                    package nonisolated let modelExecutor: any OpenSwiftData.ModelExecutor

                    package nonisolated let modelContainer: OpenSwiftData.ModelContainer

                    package init(modelContainer: OpenSwiftData.ModelContainer) {
                        let modelContext = OpenSwiftData.ModelContext(modelContainer)
                        self.modelExecutor = OpenSwiftData.DefaultSerialModelExecutor(modelContext: modelContext)
                        self.modelContainer = modelContainer
                    }
                }

                extension Importer: OpenSwiftData.ModelActor {
                }
                """
        )
    }

    @Test("A private actor gets members without access modifier")
    func privateActor() {
        assertExpansion(
            """
            @ModelActor
            private actor Importer {
            }
            """,
            expandedSource: """
                private actor Importer {

                    nonisolated let modelExecutor: any OpenSwiftData.ModelExecutor

                    nonisolated let modelContainer: OpenSwiftData.ModelContainer

                    init(modelContainer: OpenSwiftData.ModelContainer) {
                        let modelContext = OpenSwiftData.ModelContext(modelContainer)
                        self.modelExecutor = OpenSwiftData.DefaultSerialModelExecutor(modelContext: modelContext)
                        self.modelContainer = modelContainer
                    }
                }

                extension Importer: OpenSwiftData.ModelActor {
                }
                """
        )
    }

    @Test("@ModelActor on a class is an error")
    func notAnActor() {
        assertExpansion(
            """
            @ModelActor
            final class Importer {
            }
            """,
            expandedSource: """
                final class Importer {
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@ModelActor can only be applied to an actor", line: 1, column: 1)
            ]
        )
    }
}
