import Foundation
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

    @Test("another process's saves, made while a context fetches without pause, are each seen by the next fetch")
    func otherProcessCommits() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("items.sqlite")
        #expect(try MigrationFixture.run(["populate", url.path, "50"]).status == 0)
        let container = try ModelContainer(for: FixtureItems.Item.self, configurations: ModelConfiguration(url: url))
        let reader = ModelContext(container)
        for _ in 0...StoreAccess.readsBeforeOwnConnection {
            #expect(try reader.fetchCount(FetchDescriptor<FixtureItems.Item>()) == 50)
        }
        // The fixture saves batches of 50 items, each save then printed as `SAVED <batch>`.
        let process = Process()
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
