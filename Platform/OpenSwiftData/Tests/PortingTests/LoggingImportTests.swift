import Foundation
import Testing

/// Logging code as SwiftData apps write it beside their models, with Apple's import lines
/// (`import OSLog`, `import os.log`, `import os.signpost`, `import os`), type-checked in each
/// Swift language mode, with the main actor as the module's default isolation or without:
/// each file compiles on Apple platforms in every one of these settings.
@Suite("Logging import lines in every language mode and default isolation")
struct LoggingImportTests {
    /// A view model and a model of an app that imports SwiftData and OSLog.
    static let oslog = """
        import OSLog
        import SwiftData

        @Observable
        final class LibraryModel {
            var count = 0
            @ObservationIgnored private let logger = Logger(subsystem: "com.example.app", category: "library")
            func add() {
                count += 1
                logger.info("Now \\(self.count) books")
            }
        }

        @Model
        final class Book {
            var title: String
            init(title: String) { self.title = title }
        }

        enum Log {
            static let store = Logger(subsystem: "com.example.app", category: "store")
        }

        func save(_ context: ModelContext) {
            do {
                try context.save()
            } catch {
                Log.store.error("Save failed: \\(error.localizedDescription, privacy: .public)")
            }
        }
        """

    /// An importer that logs with `os_log` and a `Logger` after `import os.log`.
    static let osLogSubmodule = """
        import SwiftData
        import os.log

        private let importLog = OSLog(subsystem: "com.example.app", category: "import")

        func importBooks(into context: ModelContext) throws {
            os_log("Importing into %{public}@", log: importLog, type: .info, "the library")
            try context.save()
            Logger(importLog).debug("Imported")
        }
        """

    /// A file that imports `os.signpost` (for its signposts) and logs with `Logger`.
    static let signpostSubmodule = """
        import os.signpost

        let loadLogger = Logger(subsystem: "com.example.app", category: "load")

        func loaded(_ count: Int) {
            loadLogger.notice("Loaded \\(count) rows")
        }
        """

    /// Older code: `import os`, `os_log` with a type and no log, and a logger named
    /// `os.Logger` where another module's `Logger` could be meant.
    static let os = """
        import os

        let storeLogger = os.Logger(subsystem: "com.example.app", category: "store")

        func failed(_ reason: String) {
            os_log(.error, "Failed: %{public}@", reason)
            storeLogger.error("Failed: \\(reason, privacy: .public)")
        }
        """

    @Test("the logging files compile without a diagnostic", arguments: SnippetTypechecker.everySetting)
    func compiles(settings: [String]) async throws {
        let result = try await SnippetTypechecker.typecheck(
            files: [Self.oslog, Self.osLogSubmodule, Self.signpostSubmodule, Self.os], settings: settings)
        #expect(result.status == 0, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("error:"), "\(result.diagnostics)")
        #expect(!result.diagnostics.contains("warning:"), "\(result.diagnostics)")
    }
}
