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

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

@Suite("A migration killed half-way")
struct CrashDuringMigrationTests {
    @Test("kill -9 during a 100,000-row migration: the old version keeps every row, and the migration then succeeds")
    func killDuringMigration() throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: MigrationFixture.executable.path),
            "build the package with `swift build --build-tests` first")
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("items.sqlite")
        let populated = try MigrationFixture.run(["populate", url.path, "100000"])
        #expect(populated.status == 0)

        let process = ChildProcess()
        process.executableURL = MigrationFixture.executable
        process.arguments = ["migrate", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        var seen = ""
        let reader = pipe.fileHandleForReading
        while !seen.contains("ROWS 30000") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(seen.contains("ROWS 30000"), "the migration was under way when it was killed")
        #expect(process.terminationReason == .uncaughtSignal)

        // Reopening finds version 1 with every row, none of them migrated.
        let state = try DatabaseQueue(path: url.path).read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item"),
                try db.columns(in: "Item").map(\.name),
                try String.fetchOne(db, sql: "SELECT value FROM openswiftdata_metadata WHERE key = 'schemaVersion'")
            )
        }
        #expect(state.0 == 100_000)
        #expect(state.1 == ["_pk", "number", "title"])
        #expect(state.2 == "1.0.0")

        let rerun = try MigrationFixture.run(["migrate", url.path])
        #expect(rerun.status == 0)
        #expect(rerun.output.contains("DONE 1"))
        let migrated = try DatabaseQueue(path: url.path).read { db in
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
    func killDuringJointMigration() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let populated = try MigrationFixture.run(["populate-shelves", folder.url.path, "100000"])
        #expect(populated.status == 0)

        let process = ChildProcess()
        process.executableURL = MigrationFixture.executable
        process.arguments = ["migrate-shelves", folder.url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        var seen = ""
        let reader = pipe.fileHandleForReading
        while !seen.contains("ROWS 30000") {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(seen.contains("ROWS 30000"), "the migration was under way when it was killed")
        #expect(process.terminationReason == .uncaughtSignal)

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

        let rerun = try MigrationFixture.run(["migrate-shelves", folder.url.path])
        #expect(rerun.status == 0)
        #expect(rerun.output.contains("DONE 1"))
        let backfilled = try DatabaseQueue(path: folder.file("items.sqlite").path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item WHERE note = 'migrated ' || number")
        }
        let counted = try DatabaseQueue(path: folder.file("shelves.sqlite").path).read { db in
            try Int.fetchAll(db, sql: "SELECT itemCount FROM Shelf")
        }
        #expect(backfilled == 100_000)
        #expect(counted == [100_000, 100_000])
        #expect(try state("shelves.sqlite", "Shelf").version == "2.0.0")
    }
}
