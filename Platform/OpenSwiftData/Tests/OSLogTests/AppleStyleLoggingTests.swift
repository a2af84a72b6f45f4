import OSLog
import SwiftData
import Testing

// Written as an app on Apple platforms writes its persistence code and its logging; only
// the test, which captures what is logged, passes its own log.

@Model
final class Note {
    var title: String
    var createdAt: Date

    init(title: String, createdAt: Date = .now) {
        self.title = title
        self.createdAt = createdAt
    }
}

struct NoteStore {
    let context: ModelContext
    var logger = Logger(subsystem: "com.example.app", category: "persistence")

    func add(_ title: String) {
        context.insert(Note(title: title))
        do {
            try context.save()
            logger.info("Saved note \(title, privacy: .private(mask: .hash)); unsaved changes: \(context.hasChanges)")
        } catch {
            logger.error("Failed to save: \(error.localizedDescription, privacy: .public)")
        }
    }
}

@Suite("Logging as an Apple app logs")
struct AppleStyleLoggingTests {
    @Test("a save logs at info with the title hashed; a failed save logs the error at error")
    func saveAndFailure() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "OSLogTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appending(path: "notes.store")
        let captured = CapturedLog()
        let log = captured.log(subsystem: "com.example.app", category: "persistence")

        let writable = try ModelContainer(for: Note.self, configurations: ModelConfiguration(url: url))
        NoteStore(context: ModelContext(writable), logger: Logger(log)).add("Groceries")

        let readOnly = try ModelContainer(
            for: Note.self, configurations: ModelConfiguration(url: url, allowsSave: false))
        NoteStore(context: ModelContext(readOnly), logger: Logger(log)).add("Secret plans")

        let records = captured.records
        #expect(records.map(\.label) == ["com.example.app:persistence", "com.example.app:persistence"])
        #expect(records.map(\.level) == [.info, .error])
        #expect(records.first?.message.hasPrefix("Saved note <mask.hash: '") == true)
        #expect(records.first?.message.hasSuffix("'>; unsaved changes: false") == true)
        #expect(records.last?.message == "Failed to save: \(SwiftDataError.saveNotAllowed.localizedDescription)")
        #expect(!records.contains { $0.message.contains("Groceries") || $0.message.contains("Secret") })
    }
}
