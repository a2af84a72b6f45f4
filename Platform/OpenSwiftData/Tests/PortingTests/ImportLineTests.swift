import Foundation
import SwiftData
import Testing

/// What SwiftData code compiles with `import SwiftData` alone, checked by compiling it as an
/// app's file: each snippet comes from a public app's code that builds on Apple platforms.
@Suite("What `import SwiftData` brings, as on Apple platforms")
struct ImportLineTests {
    /// Apple's SwiftData re-exports Observation: a view model file of an app that imports
    /// only SwiftData (Sparklydust/Taskly's `ToDoListViewModel`, among others).
    @Test("@Observable, @ObservationIgnored and withObservationTracking come with it")
    func observation() throws {
        let result = try SnippetTypechecker.typecheck(
            """
            import SwiftData

            @Observable
            final class ToDoListViewModel {
                var tasks: [String] = []
                @ObservationIgnored var context: ModelContext?
            }

            func watch(_ model: ToDoListViewModel, changed: @escaping @Sendable () -> Void) {
                withObservationTracking { _ = model.tasks } onChange: { changed() }
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    /// `ModelContext` is `Equatable` in SwiftData: Taskly's `TaskData` compares an optional
    /// context with `.none`.
    @Test("contexts compare with ==, an optional one with .none")
    func contextEquality() throws {
        let result = try SnippetTypechecker.typecheck(
            """
            import SwiftData

            enum TaskData {
                @MainActor static var internalFakeContext: ModelContext?
                @MainActor static func context(_ container: ModelContainer) -> ModelContext {
                    guard internalFakeContext == .none else { return internalFakeContext! }
                    return container.mainContext
                }
            }
            """)
        #expect(result.status == 0, "\(result.diagnostics)")
        let container = try ModelContainer(
            for: Schema([]), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let other = ModelContext(container)
        #expect(context == context)
        #expect(context != other)
    }
}
