import Foundation
import SwiftData
import Testing

/// What SwiftData code compiles with `import SwiftData` alone, checked by compiling it as an
/// app's file: each snippet comes from a public app's code that builds on Apple platforms.
@Suite("What `import SwiftData` brings, as on Apple platforms")
struct ImportLineTests {
    /// Apple's SwiftData re-exports Observation: a view model file of an app that imports
    /// only SwiftData (Sparklydust/Taskly's `ToDoListViewModel`, among others).
    @Test(
        "@Observable, @ObservationIgnored and withObservationTracking come with it",
        arguments: SnippetTypechecker.everySetting)
    func observation(settings: [String]) throws {
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
            """, settings: settings)
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    /// `ModelContext` is `Equatable` in SwiftData: Taskly's `TaskData` compares an optional
    /// context with `.none`.
    @Test("contexts compare with ==, an optional one with .none", arguments: SnippetTypechecker.everySetting)
    func contextEquality(settings: [String]) throws {
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
            """, settings: settings)
        #expect(result.status == 0, "\(result.diagnostics)")
        let container = try ModelContainer(
            for: Schema([]), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let other = ModelContext(container)
        #expect(context == context)
        #expect(context != other)
    }

    /// A store's folder as SwiftData apps name it (Apple's Foundation has these `URL`
    /// properties; on Linux `import SwiftData` brings them).
    @Test("a store in URL.applicationSupportDirectory", arguments: SnippetTypechecker.everySetting)
    func storeFolder(settings: [String]) throws {
        let result = try SnippetTypechecker.typecheck(
            """
            import SwiftData

            enum StoreLocation {
                static var library: URL { URL.applicationSupportDirectory.appending(path: "Library.store") }
                static var thumbnails: URL { URL.cachesDirectory.appending(path: "Thumbnails") }
            }

            func makeContainer() throws -> ModelContainer {
                try ModelContainer(for: Schema([]), configurations: ModelConfiguration(url: StoreLocation.library))
            }
            """, settings: settings)
        #expect(result.status == 0, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("warning:"), "\(result.diagnostics)")
    }
}
