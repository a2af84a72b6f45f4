import Foundation
import SwiftData
import Testing

/// What SwiftData code compiles with `import SwiftData` alone, checked by compiling it as an
/// app's files, in each language mode with the main actor as default isolation or without:
/// each file comes from a public app's code that builds on Apple platforms.
@Suite("What `import SwiftData` brings, as on Apple platforms")
struct ImportLineTests {
    /// Apple's SwiftData re-exports Observation: a view model file of an app that imports
    /// only SwiftData (Sparklydust/Taskly's `ToDoListViewModel`, among others).
    static let observation = """
        import SwiftData

        @Observable
        final class ToDoListViewModel {
            var tasks: [String] = []
            @ObservationIgnored var context: ModelContext?
        }

        func watch(_ model: ToDoListViewModel, changed: @escaping @Sendable () -> Void) {
            withObservationTracking { _ = model.tasks } onChange: { changed() }
        }
        """

    /// `ModelContext` is `Equatable` in SwiftData: Taskly's `TaskData` compares an optional
    /// context with `.none`.
    static let contextEquality = """
        import SwiftData

        enum TaskData {
            @MainActor static var internalFakeContext: ModelContext?
            @MainActor static func context(_ container: ModelContainer) -> ModelContext {
                guard internalFakeContext == .none else { return internalFakeContext! }
                return container.mainContext
            }
        }
        """

    /// A store's folder as SwiftData apps name it (Apple's Foundation has these `URL`
    /// properties; on Linux `import SwiftData` brings them).
    static let storeFolder = """
        import SwiftData

        enum StoreLocation {
            static var library: URL { URL.applicationSupportDirectory.appending(path: "Library.store") }
            static var thumbnails: URL { URL.cachesDirectory.appending(path: "Thumbnails") }
        }

        func makeContainer() throws -> ModelContainer {
            try ModelContainer(for: Schema([]), configurations: ModelConfiguration(url: StoreLocation.library))
        }
        """

    @Test(
        "@Observable and withObservationTracking, == on contexts and URL's folders compile with it alone",
        arguments: SnippetTypechecker.everySetting)
    func compiles(settings: [String]) async throws {
        let result = try await SnippetTypechecker.typecheck(
            files: [Self.observation, Self.contextEquality, Self.storeFolder], settings: settings)
        #expect(result.status == 0, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("warning:"), "\(result.diagnostics)")
    }

    @Test("contexts compare by identity, as SwiftData's do")
    func contextEqualityAtRunTime() throws {
        let container = try ModelContainer(
            for: Schema([]), configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let other = ModelContext(container)
        #expect(context == context)
        #expect(context != other)
    }
}
