import ChildProcess
import Foundation
import GRDB
import Testing

/// A command-line program that exits right after a change to its main context, before the
/// main actor's next turn where autosave would run: the migration fixture, run as a child
/// process (`main-context-exit`).
@Suite("The main context at process exit")
struct MainContextExitTests {
    /// Runs the fixture on a new store in `folder`; its exit status, what it wrote on
    /// standard error, and the titles the store then holds.
    private static func run(autosave: Bool, in folder: TemporaryFolder) async throws -> (
        status: Int32, errors: String, titles: [String]
    ) {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let store = folder.file("items.sqlite")
        let process = ChildProcess()
        process.executableURL = MigrationFixture.executable
        process.arguments = ["main-context-exit", store.path, autosave ? "on" : "off"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = await BlockingWork.run {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        let titles = try await DatabaseQueue(path: store.path).read { db in
            try String.fetchAll(db, sql: "SELECT title FROM Item")
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), titles)
    }

    @Test("with autosave on, the change is saved at exit")
    func autosaveSavesAtExit() async throws {
        let result = try await Self.run(autosave: true, in: TemporaryFolder())
        #expect(result.status == 0)
        #expect(result.titles == ["inserted just before exit"])
        #expect(result.errors.isEmpty)
    }

    @Test("with autosave off, the change is lost and standard error says so")
    func unsavedChangesAreReported() async throws {
        let result = try await Self.run(autosave: false, in: TemporaryFolder())
        #expect(result.status == 0)
        #expect(result.titles.isEmpty)
        #expect(result.errors.contains("has unsaved changes at exit, and autosave is off"))
    }
}
