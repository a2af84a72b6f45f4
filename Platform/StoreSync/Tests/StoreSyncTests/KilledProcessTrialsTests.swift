import ChildProcess
import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

@testable import StoreSync

/// `kill -9` trials of what a sync does beyond adding and removing whole records: merging
/// the fields two machines changed, syncing live, and syncing a restored backup. Each
/// trial kills a process of its own (`storesync-fixture`) at several points, then lets
/// the machines sync normally and checks that they and the server agree and lost nothing.
@Suite("kill -9 trials: field merges, live sync, restores")
struct KilledProcessTrialsTests {
    /// When a killed sync is stopped, in milliseconds after it began (``KilledSync``): from
    /// before it connects to after it has usually finished.
    static let delays = [0, 5, 15, 40, 80, 160]

    @Test("a sync killed while it pushes one field of a record: the other machine's field survives too")
    func fieldMergeKilled() async throws {
        var killed = 0
        for delay in Self.delays {
            let url = try await TestPostgres.newDatabase()
            let a = try SimulatedMachine(index: 0, clockOffset: 0)
            let b = try Machine()
            try a.addMemo(title: "ferry", rating: 1)
            try await a.machine.sync(url)
            try await b.sync(url)

            try a.machine.setMemo(title: "ferry", rating: 5)
            try b.setMemo(title: "ferry", tags: ["from B"])
            let folder = a.folder.url
            if try await a.closed({ try await KilledSync.run(folder: folder, url: url, killAfter: delay) }) == .killed {
                killed += 1
            }
            try await b.sync(url)
            try await a.machine.sync(url)
            try await b.sync(url)
            for (name, machine) in [("A", try a.machine), ("B", b)] {
                let memos = try machine.memos().map { "\($0.title ?? "-") \(Int($0.rating)) \($0.tags)" }
                #expect(memos == [#"ferry 5 ["from B"]"#], "machine \(name), killed after \(delay) ms")
            }
            #expect(try Replica(a.machine) == (try await Replica(server: url)), "the server, killed after \(delay) ms")
        }
        #expect(killed > 0, "at least one sync was killed inside the sync, before it finished")
    }

    @Test("a live sync killed at any point: the machine catches up at its next sync, and its edits still merge")
    func liveSyncKilled() async throws {
        for delay in Self.delays {
            let url = try await TestPostgres.newDatabase()
            let a = try SimulatedMachine(index: 0, clockOffset: 0)
            let b = try Machine()
            try a.machine.add(movie: 1, note: "first")
            try await a.machine.sync(url)
            try await b.sync(url)

            let watch = try WatchProcess(folder: a.folder.url, url: url)
            #expect(try await watch.waitFor(lines: 1, of: "SYNCED"), "the watch synced when it started")
            try b.edit(movie: 1, note: "live from B")
            try b.add(movie: 2, note: "added on B")
            try await b.sync(url)
            #expect(
                try await eventually {
                    try a.machine.movies().map(\.description) == ["1/live from B", "2/added on B"]
                },
                "B's push arrived at A while A's watch ran")
            try b.add(movie: 3, note: "while A is killed")
            try await b.sync(url)
            try await Task.sleep(for: .milliseconds(delay))
            watch.kill()

            try a.reopen()
            try a.machine.edit(movie: 2, note: "edited on A")
            try await a.machine.sync(url)
            try await b.sync(url)
            let expected = ["1/live from B", "2/edited on A", "3/while A is killed"]
            #expect(try a.machine.movies().map(\.description) == expected, "A, killed \(delay) ms after B's push")
            #expect(try b.movies().map(\.description) == expected, "B, A killed \(delay) ms after B's push")
            #expect(
                try Replica(b) == (try await Replica(server: url)), "the server, A killed \(delay) ms after B's push")
        }
    }

    @Test(
        "the first sync of a restored backup killed at any point: it ends up to date, no other machine's work lost and no deletion made since undone"
    )
    func restoreThenKilledSync() async throws {
        var killed = 0
        for delay in Self.delays {
            let url = try await TestPostgres.newDatabase()
            let a = try SimulatedMachine(index: 0, clockOffset: 0)
            let b = try Machine()
            for movie in 1...3 { try a.machine.add(movie: movie, at: 1_000, note: "first") }
            try await a.machine.sync(url)
            try await b.sync(url)
            let store = StoreFile(url: a.folder.file("notes.sqlite"))
            let backup = try store.backup(label: "trial")

            try a.machine.remove(movie: 1)
            try await a.machine.sync(url)
            try await Task.sleep(for: .milliseconds(20))
            try b.edit(movie: 2, note: "changed on B")
            try b.add(movie: 4, at: 2_000)
            try await b.sync(url)
            try await a.machine.sync(url)

            let folder = a.folder.url
            let outcome = try await a.closed {
                try store.restore(from: backup)
                return try await KilledSync.run(folder: folder, url: url, killAfter: delay)
            }
            if outcome == .killed { killed += 1 }
            try await a.machine.sync(url)
            try await b.sync(url)
            let expected = ["2/changed on B", "3/first", "4/-"]
            #expect(try a.machine.movies().map(\.description) == expected, "A, sync \(outcome) after \(delay) ms")
            #expect(try b.movies().map(\.description) == expected, "B, A's sync \(outcome) after \(delay) ms")
            #expect(
                try Replica(b) == (try await Replica(server: url)), "the server, A's sync \(outcome) after \(delay) ms")
        }
        #expect(killed > 0, "at least one sync was killed inside the sync, before it finished")
    }

    /// Waits up to 20 seconds for `condition`.
    private func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try condition()
    }
}

/// `storesync-fixture FOLDER watch URL`: a live sync in a process of its own, until killed.
final class WatchProcess {
    private let process = ChildProcess()
    private let output: URL

    init(folder: URL, url: String) throws {
        output = FileManager.default.temporaryDirectory.appending(path: "storesync-watch-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = FaketimeTests.fixture
        process.arguments = [folder.path, "watch", url]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: output)
    }

    /// Waits up to 20 seconds for the process to have printed `line` `count` times.
    func waitFor(lines count: Int, of line: String) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if text.split(separator: "\n").count(where: { $0 == line }) >= count { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Kills the process with SIGKILL, unless it ended, and waits for its end.
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

extension Machine {
    /// Sets a memo's rating, and nothing else.
    func setMemo(title: String, rating: Double) throws {
        let context = ModelContext(container)
        for memo in try context.fetch(FetchDescriptor<Memo>(predicate: #Predicate { $0.title == title })) {
            memo.rating = rating
        }
        try save(context)
    }

    /// Sets a memo's tags, and nothing else.
    func setMemo(title: String, tags: [String]) throws {
        let context = ModelContext(container)
        for memo in try context.fetch(FetchDescriptor<Memo>(predicate: #Predicate { $0.title == title })) {
            memo.tags = tags
        }
        try save(context)
    }
}
