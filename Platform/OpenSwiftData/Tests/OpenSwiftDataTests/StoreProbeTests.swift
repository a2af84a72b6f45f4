import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("The probe that looks at a store before its pool opens, and sets the log up")
struct StoreProbeTests {
    /// The header's schema cookie and user version, read on a read-only connection.
    private func header(_ url: URL) throws -> (schemaVersion: Int, userVersion: Int) {
        let queue = try StoreFile(url: url).readOnlyQueue()
        return try queue.read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? -1,
                try Int.fetchOne(db, sql: "PRAGMA user_version") ?? -1
            )
        }
    }

    private func makeStore(_ folder: TemporaryFolder) throws -> URL {
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        context.insert(Trip(name: "kept"))
        try context.save()
        return folder.file("store.sqlite")
    }

    @Test("opening an up-to-date store changes nothing in its schema, and a close leaves no log")
    func upToDateOpenWritesNoSchema() throws {
        let folder = TemporaryFolder()
        let url = try makeStore(folder)
        let before = try header(url)
        // The read-only connection leaves an empty log and index behind: no connection is
        // open, so they can go.
        for companion in StoreFile(url: url).companionURLs { try FileManager.default.removeItem(at: companion) }
        for _ in 0..<3 {
            let container = try makeContainer(tripSchemaTypes, folder: folder)
            #expect(try ModelContext(container).fetch(FetchDescriptor<Trip>()).map(\.name) == ["kept"])
        }
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        // GRDB's own set-up of the log creates and drops a table: 2 more per open.
        let after = try header(url)
        #expect(after.schemaVersion == before.schemaVersion)
        #expect(after.userVersion == before.userVersion)
    }

    @Test("priming puts a frame in the empty log of an up-to-date store, which the next connection reads")
    func primingWritesOneFrame() throws {
        let folder = TemporaryFolder()
        let url = try makeStore(folder)
        let bytes = try fileBytes(url)
        var probe = StoreProbe(path: url.path)
        #expect(probe.hashes() == Schema(tripSchemaTypes).layout.hashes)
        probe.primeWriteAheadLog()
        #expect(StoreFile.size(of: URL(fileURLWithPath: url.path + "-wal")) > 0)
        // The store itself is not written until a checkpoint, and reads as before.
        #expect(try fileBytes(url) == bytes)
        let queue = try DatabaseQueue(path: url.path)
        #expect(try queue.read { db in try String.fetchAll(db, sql: #"SELECT "name" FROM "Trip""#) } == ["kept"])
        try queue.close()
        probe.close()
    }

    @Test("a log that holds frames is left alone: the probe reads on a read-only connection")
    func logWithFramesIsLeftAlone() throws {
        let folder = TemporaryFolder()
        let url = try makeStore(folder)
        // Another connection keeps a log with frames open beside the store.
        let other = try DatabasePool(path: url.path)
        try other.write { db in try db.execute(sql: "CREATE TABLE other (x)") }
        let walBefore = try fileBytes(URL(fileURLWithPath: url.path + "-wal"))
        let probe = StoreProbe(path: url.path)
        probe.primeWriteAheadLog()
        #expect(try fileBytes(URL(fileURLWithPath: url.path + "-wal")) == walBefore)
        _ = consume probe
        try other.close()
    }

    @Test("while another connection holds the write lock, priming gives up at once and leaves the log empty")
    func primingDoesNotWaitForAWriter() throws {
        let folder = TemporaryFolder()
        let url = try makeStore(folder)
        let log = URL(fileURLWithPath: url.path + "-wal")
        let writer = try DatabaseQueue(path: url.path)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            let started = ContinuousClock.now
            let probe = StoreProbe(path: url.path)
            probe.primeWriteAheadLog()
            // The store's connections wait up to 30 s for a writer; the probe does not.
            #expect(ContinuousClock.now - started < .seconds(1))
            #expect(StoreFile.size(of: log) == 0)
        }
        try writer.close()
    }

    @Test("a refused file keeps its bytes, and a hot rollback journal beside it is not rolled back")
    func refusedFilesKeepTheirBytes() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("other.sqlite")
        try DatabaseQueue(path: url.path).write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let journal = URL(fileURLWithPath: url.path + "-journal")
        try Data(repeating: 0x11, count: 512).write(to: journal)
        let bytes = try fileBytes(url)
        do {
            let probe = StoreProbe(path: url.path)
            #expect(probe.hashes() == nil)
            probe.primeWriteAheadLog()
        }
        #expect(try fileBytes(url) == bytes)
        #expect(try fileBytes(journal) == Data(repeating: 0x11, count: 512))
        try FileManager.default.removeItem(at: journal)
        do {
            let probe = StoreProbe(path: url.path)
            #expect(probe.hashes() == nil)
            probe.primeWriteAheadLog()
        }
        #expect(try fileBytes(url) == bytes)
        #expect(StoreProbe(path: nil).hashes() == nil)
    }
}
