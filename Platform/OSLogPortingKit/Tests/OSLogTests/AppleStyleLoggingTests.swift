import Foundation
import OSLog
import Testing

// Written as an app on Apple platforms writes its storage code and its logging; only the
// test, which captures what is logged, passes its own log.

struct NoteStore {
    let folder: URL
    var logger = Logger(subsystem: "com.example.app", category: "persistence")

    func add(_ title: String) {
        do {
            try Data(title.utf8).write(to: folder.appending(path: "\(UUID().uuidString).note"))
            logger.info(
                "Saved note \(title, privacy: .private(mask: .hash)); notes folder: \(folder.lastPathComponent)")
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
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let captured = CapturedLog()
        let log = captured.log(subsystem: "com.example.app", category: "persistence")

        NoteStore(folder: folder, logger: Logger(log)).add("Groceries")
        let missing = folder.appending(path: "missing")
        NoteStore(folder: missing, logger: Logger(log)).add("Secret plans")

        let records = captured.records
        #expect(records.map(\.label) == ["com.example.app:persistence", "com.example.app:persistence"])
        #expect(records.map(\.level) == [.info, .error])
        #expect(records.first?.message.hasPrefix("Saved note <mask.hash: '") == true)
        #expect(records.first?.message.hasSuffix("'>; notes folder: <private>") == true)
        #expect(records.last?.message.hasPrefix("Failed to save: ") == true)
        #expect(!records.contains { $0.message.contains("Groceries") || $0.message.contains("Secret") })
    }
}
