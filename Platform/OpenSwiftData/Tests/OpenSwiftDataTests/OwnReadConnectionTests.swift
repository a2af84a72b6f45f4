import ChildProcess
import Foundation
import GRDB
import Synchronization
import Testing

@testable import OpenSwiftData

/// The migration fixture's items, as another program writes them.
enum FixtureItems {
    @Model
    final class Item {
        var number: Int
        var title: String

        init(number: Int, title: String) {
            self.number = number
            self.title = title
        }
    }
}

/// A context that reads often reads through a connection of its own (``StoreAccess``).
@Suite("A context's own read connection")
struct OwnReadConnectionTests {
    @Test("after its first reads, a context still sees every save: its own and other contexts'")
    func seesEverySave() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let reader = ModelContext(container)
        let writer = ModelContext(container)
        for round in 0..<(StoreAccess.readsBeforeOwnConnection + 4) {
            writer.insert(Trip(name: "other \(round)"))
            try writer.save()
            #expect(try reader.fetchCount(FetchDescriptor<Trip>()) == 2 * round + 1)
            reader.insert(Trip(name: "own \(round)"))
            try reader.save()
            let mine = try reader.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name.starts(with: "own") }))
            #expect(mine.count == round + 1)
        }
        // A change saved by another context is read back by the reader's fetch.
        let first = try #require(
            try writer.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "own 0" })).first)
        first.budget = 42
        try writer.save()
        let seen = try #require(
            try reader.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "own 0" })).first)
        #expect(seen.budget == 42)
    }

    /// A context past its first reads, reading through its own connection.
    private static func ownReader(of container: ModelContainer) throws -> ModelContext {
        let reader = ModelContext(container)
        for _ in 0...StoreAccess.readsBeforeOwnConnection { _ = try reader.fetchCount(FetchDescriptor<Trip>()) }
        return reader
    }

    private static func transactionsBegun(_ context: ModelContext) throws -> Int {
        let entity = try #require(context.container.schema.descriptor(for: Trip.self))
        return context.core.access(for: entity).keptTransaction.transactionsBegun
    }

    @Test("fetches with no commit between them read in one transaction; a commit elsewhere is seen by the next")
    func keptTransaction() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let reader = try Self.ownReader(of: container)
        let begun = try Self.transactionsBegun(reader)
        for index in 0..<50 {
            let name = "trip \(index)"
            #expect(try reader.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == name })).isEmpty)
        }
        #expect(try Self.transactionsBegun(reader) <= begun + 1, "no commit, no new transaction")

        // Another container on the same file: other connections, as another program's.
        let other = try makeContainer(tripSchemaTypes, folder: folder)
        for round in 0..<5 {
            let writer = ModelContext(other)
            writer.insert(Trip(name: "written \(round)"))
            try writer.save()
            let name = "written \(round)"
            #expect(try reader.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == name })).count == 1)
            #expect(try reader.fetchCount(FetchDescriptor<Trip>()) == round + 1)
        }
        #expect(try Self.transactionsBegun(reader) >= begun + 5, "a new transaction after each commit")
    }

    @Test("a transaction kept between reads ends when they stop: the WAL can be checkpointed and truncated")
    func keptTransactionEnds() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let writer = ModelContext(container)
        writer.insert(Trip(name: "first"))
        try writer.save()
        let reader = try Self.ownReader(of: container)
        #expect(try reader.fetchCount(FetchDescriptor<Trip>()) == 1)
        writer.insert(Trip(name: "second"))
        try writer.save()
        #expect(try reader.fetchCount(FetchDescriptor<Trip>()) == 2)
        try await Task.sleep(for: .milliseconds(400))
        let checkpoint = try container.stores.stores[0].writer.writeWithoutTransaction { db in
            try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let busy: Int? = checkpoint?[0]
        let walFrames: Int? = checkpoint?[1]
        #expect(busy == 0, "no reader holds the WAL")
        #expect(walFrames == 0, "the WAL is truncated")
    }

    @Test("another process's saves, made while a context fetches without pause, are each seen by the next fetch")
    func otherProcessCommits() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("items.sqlite")
        #expect(try await MigrationFixture.run(["populate", url.path, "50"]).status == 0)
        let container = try ModelContainer(for: FixtureItems.Item.self, configurations: ModelConfiguration(url: url))
        let reader = ModelContext(container)
        for _ in 0...StoreAccess.readsBeforeOwnConnection {
            #expect(try reader.fetchCount(FetchDescriptor<FixtureItems.Item>()) == 50)
        }
        // The fixture saves batches of 50 items, each save then printed as `SAVED <batch>`.
        let process = ChildProcess()
        process.executableURL = MigrationFixture.executable
        process.arguments = ["save-loop", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        let lastSaved = Mutex(-1)
        let output = Mutex("")
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            output.withLock { output in
                output += text
                let saved = output.split(separator: "\n").last { $0.hasPrefix("SAVED ") }
                if let batch = saved.flatMap({ Int($0.dropFirst(6)) }) { lastSaved.withLock { $0 = max($0, batch) } }
            }
        }
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            pipe.fileHandleForReading.readabilityHandler = nil
        }
        var fetches = 0
        let deadline = Date.now.addingTimeInterval(20)
        while lastSaved.withLock({ $0 }) < 40, Date.now < deadline {
            // Saved before this fetch began: batch `saved` and every one before it.
            let saved = lastSaved.withLock { $0 }
            let count = try reader.fetchCount(FetchDescriptor<FixtureItems.Item>())
            if saved >= 0, count < (saved + 1) * 50 {
                Issue.record("fetch \(fetches): \(count) items, but batch \(saved) was saved before it")
                break
            }
            fetches += 1
        }
        #expect(lastSaved.withLock { $0 } >= 40, "the other process saved 40 batches")
        #expect(try reader.fetchCount(FetchDescriptor<FixtureItems.Item>()) >= 41 * 50)
    }
}
