import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A store that a crash left in the middle of a write in rollback-journal mode (the moment
/// a file is switched to WAL) opens with its committed rows; read-only, it says what to do.
@Suite("A rollback journal left by a crash")
struct HotJournalTests {
    /// A store of `folder` with trips "kept" and "also kept", and, in `crashed`, the files a
    /// crash leaves while a write in rollback-journal mode that deletes every trip and adds
    /// a table of 2,000 pages is under way: the main file with some of the write's pages
    /// (SQLite spills them when its cache is full) and the journal of the pages before.
    private func crashImage(_ folder: TemporaryFolder) throws -> (store: URL, crashed: URL) {
        let url = folder.file("store.sqlite")
        do {
            let container = try makeContainer(tripSchemaTypes, folder: folder)
            let context = ModelContext(container)
            context.insert(Trip(name: "kept"))
            context.insert(Trip(name: "also kept"))
            try context.save()
        }
        let crashed = folder.file("crashed.sqlite")
        let queue = try DatabaseQueue(path: url.path)
        try queue.inDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA cache_size = 2")
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: #"DELETE FROM "Trip""#)
            try db.execute(
                sql: """
                    CREATE TABLE filler(x);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                    INSERT INTO filler SELECT randomblob(2000) FROM n;
                    """)
            // The files as they are now: what the disk holds when the process dies here.
            for suffix in ["", "-journal"] {
                try FileManager.default.copyItem(atPath: url.path + suffix, toPath: crashed.path + suffix)
            }
            try db.execute(sql: "ROLLBACK")
        }
        try queue.close()
        return (url, crashed)
    }

    @Test("a store with a hot journal opens with the rows committed before the crash, and the journal is gone")
    func opensRolledBack() throws {
        let folder = TemporaryFolder()
        let (store, crashed) = try crashImage(folder)
        let journal = crashed.path + "-journal"
        #expect(FileManager.default.fileExists(atPath: journal))
        // The write had reached the main file: pages of the new table lie past the store's end.
        #expect(StoreFile.size(of: crashed) > StoreFile.size(of: store))

        let container = try makeContainer(tripSchemaTypes, folder: folder, name: "crashed.sqlite")
        let names = try ModelContext(container).fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)]))
            .map(\.name)
        #expect(names == ["also kept", "kept"])
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try readSQL(container) { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"])
        #expect(try readSQL(container) { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        let filler = try readSQL(container) { db in try db.tableExists("filler") }
        #expect(!filler)
    }

    @Test("a backup of a store with a hot journal rolls the unfinished write back and copies the committed rows")
    func backupRollsBack() throws {
        let folder = TemporaryFolder()
        let (_, crashed) = try crashImage(folder)
        let backup = try StoreFile(url: crashed).backup(label: "manual")

        #expect(!FileManager.default.fileExists(atPath: crashed.path + "-journal"))
        let copy = try DatabaseQueue(path: backup.path, configuration: readOnlyConfiguration())
        defer { try? copy.close() }
        let names = try copy.read { db in try String.fetchAll(db, sql: #"SELECT "name" FROM "Trip" ORDER BY "name""#) }
        #expect(names == ["also kept", "kept"])
        #expect(try copy.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") } == ["ok"])
        #expect(try !copy.read { db in try db.tableExists("filler") })
    }

    private func readOnlyConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }

    @Test(
        "read-only, a store with a hot journal is refused with a message that says how to open it, and is left as it was"
    )
    func readOnlyRefusedClearly() throws {
        let folder = TemporaryFolder()
        let (_, crashed) = try crashImage(folder)
        let journal = URL(fileURLWithPath: crashed.path + "-journal")
        let before = (try fileBytes(crashed), try fileBytes(journal))
        #expect {
            _ = try ModelContainer(
                for: Schema(tripSchemaTypes), configurations: [ModelConfiguration(url: crashed, allowsSave: false)])
        } throws: { error in
            let message = "\(error)"
            return message.contains("crashed.sqlite") && message.contains(SQLiteErrors.hotJournal)
        }
        // Its inspection says the same, not that it is damaged beyond that.
        #expect(StoreFile(url: crashed).inspect().state == .damaged(reason: SQLiteErrors.hotJournal))
        #expect(try fileBytes(crashed) == before.0)
        #expect(try fileBytes(journal) == before.1)
    }
}
