import ChildProcess
import Foundation
import GRDB
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the migration fixture (built with the tests) in a child process.
struct MigrationFixture {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appending(path: "openswiftdata-migration-fixture")
    }

    /// The fixture started with `arguments`, printing into the returned pipe.
    private static func started(_ arguments: [String]) throws -> (ChildProcess, Pipe) {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        return (process, pipe)
    }

    /// Runs the fixture to its end, on a thread of its own (`BlockingWork`); its exit status
    /// and what it printed.
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await BlockingWork.run {
            let (process, pipe) = try started(arguments)
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }

    /// Runs the fixture and kills it with SIGKILL `delay` milliseconds after it printed `line`
    /// (or ended without printing it; after it started, when `line` is nil), on a thread of
    /// its own (`BlockingWork`); everything it printed, and whether a signal ended it.
    static func kill(_ arguments: [String], afterPrinting line: String?, thenMilliseconds delay: Int = 0) async throws
        -> (printed: String, signalled: Bool)
    {
        try await BlockingWork.run {
            let (process, pipe) = try started(arguments)
            var printed = ""
            let reader = pipe.fileHandleForReading
            while let line, !printed.contains(line) {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            if delay > 0 { usleep(UInt32(delay * 1000)) }
            Glibc.kill(process.processIdentifier, SIGKILL)
            printed += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (printed, process.terminationReason == .uncaughtSignal)
        }
    }
}

@Suite("A migration killed half-way")
struct CrashDuringMigrationTests {
    @Test("kill -9 during a 100,000-row migration: the old version keeps every row, and the migration then succeeds")
    func killDuringMigration() async throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: MigrationFixture.executable.path),
            "build the package with `swift build --build-tests` first")
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("items.sqlite")
        let populated = try await MigrationFixture.run(["populate", url.path, "100000"])
        #expect(populated.status == 0)

        let killed = try await MigrationFixture.kill(["migrate", url.path], afterPrinting: "ROWS 30000")
        #expect(killed.printed.contains("ROWS 30000"), "the migration was under way when it was killed")
        #expect(killed.signalled)

        // Reopening finds version 1 with every row, none of them migrated.
        let state = try await DatabaseQueue(path: url.path).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item"),
                try db.columns(in: "Item").map(\.name),
                try String.fetchOne(db, sql: "SELECT value FROM openswiftdata_metadata WHERE key = 'schemaVersion'")
            )
        }
        #expect(state.0 == 100_000)
        #expect(state.1 == ["_pk", "number", "title"])
        #expect(state.2 == "1.0.0")

        let rerun = try await MigrationFixture.run(["migrate", url.path])
        #expect(rerun.status == 0)
        #expect(rerun.output.contains("DONE 1"))
        let migrated = try await DatabaseQueue(path: url.path).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item WHERE note = 'migrated ' || number"),
                try String.fetchOne(db, sql: "SELECT value FROM openswiftdata_metadata WHERE key = 'schemaVersion'")
            )
        }
        #expect(migrated.0 == 100_000)
        #expect(migrated.1 == "2.0.0")
    }

    @Test(
        "kill -9 during a custom stage over two stores: both keep version 1 and every row, and the migration then succeeds"
    )
    func killDuringJointMigration() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let populated = try await MigrationFixture.run(["populate-shelves", folder.url.path, "100000"])
        #expect(populated.status == 0)

        let killed = try await MigrationFixture.kill(["migrate-shelves", folder.url.path], afterPrinting: "ROWS 30000")
        #expect(killed.printed.contains("ROWS 30000"), "the migration was under way when it was killed")
        #expect(killed.signalled)

        func state(_ file: String, _ table: String) throws -> (rows: Int?, columns: [String], version: String?) {
            try DatabaseQueue(path: folder.file(file).path).read { db in
                (
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)"),
                    try db.columns(in: table).map(\.name),
                    try String.fetchOne(
                        db, sql: "SELECT value FROM openswiftdata_metadata WHERE key = 'schemaVersion'")
                )
            }
        }
        let items = try state("items.sqlite", "Item")
        let shelves = try state("shelves.sqlite", "Shelf")
        // Written without a plan, the stores carry no version until a plan migrates them.
        #expect(items.rows == 100_000 && items.columns == ["_pk", "number", "title"] && items.version == nil)
        #expect(shelves.rows == 2 && shelves.columns == ["_pk", "name"] && shelves.version == nil)

        let rerun = try await MigrationFixture.run(["migrate-shelves", folder.url.path])
        #expect(rerun.status == 0)
        #expect(rerun.output.contains("DONE 1"))
        let backfilled = try await DatabaseQueue(path: folder.file("items.sqlite").path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item WHERE note = 'migrated ' || number")
        }
        let counted = try await DatabaseQueue(path: folder.file("shelves.sqlite").path).read { db in
            try Int.fetchAll(db, sql: "SELECT itemCount FROM Shelf")
        }
        #expect(backfilled == 100_000)
        #expect(counted == [100_000, 100_000])
        #expect(try state("shelves.sqlite", "Shelf").version == "2.0.0")
    }
}
