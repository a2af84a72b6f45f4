import Foundation
import GRDB
import OpenSwiftData
import Testing

/// `kill -9` at random points of a save, a migration, a backup and a restore, each run in
/// a child process (the migration fixture). After each kill the store opens and is in a
/// state before or after an operation, never between: whole batches of rows, one version
/// or the other, a backup whole or unusable, the store restored from one backup or the
/// other. The points come from a seeded generator: `OSD_KILL_SEED` repeats a run's;
/// `OSD_KILL_TRIALS=N` kills each operation N times (`Scripts/soak.sh` raises it).
@Suite("kill -9 at random points of a store operation")
struct KillPointTests {
    private static let seed = ProcessInfo.processInfo.environment["OSD_KILL_SEED"].flatMap(UInt64.init) ?? 0xC0FFEE

    /// How many times each operation is killed: `base`, or `OSD_KILL_TRIALS`.
    private static func trials(_ base: Int) -> Range<Int> {
        0..<(ProcessInfo.processInfo.environment["OSD_KILL_TRIALS"].flatMap(Int.init) ?? base)
    }

    private static func report(_ operation: String, kills: Int) {
        print("kill points: \(operation) killed \(kills) times, every store whole")
    }

    /// Runs the fixture with `arguments`, kills it `delay` milliseconds after it printed
    /// `ready` (or after it started, when nil), and returns every line it printed.
    private static func kill(
        _ arguments: [String], afterMilliseconds delay: Int, ready: String? = "READY"
    ) async throws -> [String] {
        try await MigrationFixture.kill(arguments, afterPrinting: ready, thenMilliseconds: delay).printed
            .split(separator: "\n").map(String.init)
    }

    /// The number after the last line that starts with `prefix`.
    private static func last(_ prefix: String, in lines: [String]) -> Int? {
        lines.last { $0.hasPrefix(prefix + " ") }.flatMap { Int($0.dropFirst(prefix.count + 1)) }
    }

    private static func itemCount(_ url: URL) throws -> Int {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item") ?? -1 }
    }

    private static func populate(_ url: URL, rows: Int) async throws {
        let result = try await MigrationFixture.run(["populate", url.path, "\(rows)"])
        #expect(result.status == 0)
    }

    @Test("saves killed at random: whole batches, none of the saved ones lost")
    func saves() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("items.sqlite")
        var random = SeededGenerator(seed: Self.seed)
        var saved = 0
        for trial in Self.trials(8) {
            let delay = random.index(150)
            let lines = try await Self.kill(["save-loop", url.path], afterMilliseconds: delay)
            if let batch = Self.last("SAVED", in: lines) { saved = max(saved, (batch + 1) * 50) }
            let queue = try DatabaseQueue(path: url.path)
            let (count, distinct, highest) = try await queue.read { db in
                let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), COUNT(DISTINCT number), MAX(number) FROM Item")
                return (row?[0] as Int? ?? -1, row?[1] as Int? ?? -1, row?[2] as Int? ?? -1)
            }
            try queue.close()
            let context = "OSD_KILL_SEED=\(Self.seed), trial \(trial), killed \(delay) ms in"
            #expect(count % 50 == 0, "\(context): \(count) rows, not whole batches")
            #expect(distinct == count && highest == count - 1, "\(context): rows numbered 0..<\(count)")
            #expect(count >= saved, "\(context): \(count) rows, but \(saved) were saved")
        }
        #expect(saved > 0, "some saves were reported before the kills")
        Self.report("saves", kills: Self.trials(8).count)
    }

    @Test("migrations killed at random: one version or the other, every row kept")
    func migrations() async throws {
        var random = SeededGenerator(seed: Self.seed &+ 1)
        for trial in Self.trials(4) {
            let folder = TemporaryFolder()
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            let url = folder.file("items.sqlite")
            try await Self.populate(url, rows: 20_000)
            let delay = random.index(1500)
            _ = try await Self.kill(["migrate", url.path], afterMilliseconds: delay, ready: nil)
            let queue = try DatabaseQueue(path: url.path)
            let (columns, migrated, count) = try await queue.read { db in
                let columns = try db.columns(in: "Item").map(\.name)
                let migrated =
                    columns.contains("note")
                    ? try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item WHERE note = 'migrated ' || number") ?? -1
                    : 0
                return (columns, migrated, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM Item") ?? -1)
            }
            try queue.close()
            let context = "OSD_KILL_SEED=\(Self.seed), trial \(trial), killed \(delay) ms in"
            #expect(count == 20_000, "\(context): \(count) rows")
            #expect(
                (columns == ["_pk", "number", "title"] && migrated == 0)
                    || (columns.contains("note") && migrated == 20_000),
                "\(context): columns \(columns), \(migrated) rows migrated")
            let rerun = try await MigrationFixture.run(["migrate", url.path])
            #expect(rerun.status == 0 && rerun.output.contains("DONE"), "\(context): the migration then completes")
        }
        Self.report("migrations", kills: Self.trials(4).count)
    }

    @Test("backups killed at random: each backup whole or unusable, the store untouched")
    func backups() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("items.sqlite")
        try await Self.populate(url, rows: 2_000)
        var random = SeededGenerator(seed: Self.seed &+ 2)
        for trial in Self.trials(6) {
            let backups = folder.file("backups-\(trial)")
            try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
            let delay = random.index(200)
            let lines = try await Self.kill(["backup-loop", url.path, backups.path], afterMilliseconds: delay)
            let done = Self.last("BACKUP", in: lines) ?? -1
            let context = "OSD_KILL_SEED=\(Self.seed), trial \(trial), killed \(delay) ms in"
            #expect(try Self.itemCount(url) == 2_000, "\(context): the store keeps its rows")
            let files = try FileManager.default.contentsOfDirectory(atPath: backups.path).filter {
                $0.hasSuffix(".sqlite")
            }
            for file in files {
                let number = Int(file.dropFirst("backup-".count).dropLast(".sqlite".count)) ?? -1
                let inspection = StoreFile(url: backups.appending(path: file)).inspect()
                let rows = inspection.entities.first { $0.entity == "Item" }?.rowCount
                if number <= done {
                    #expect(
                        inspection.state == .ok && rows == 2_000,
                        "\(context): \(file), reported done, is \(inspection.state)")
                } else {
                    // Cut off: whole, or refused by inspection (and so by a restore).
                    #expect(
                        (inspection.state == .ok && rows == 2_000) || !inspection.isModelStore,
                        "\(context): \(file), cut off, is \(inspection.state) with \(rows ?? 0) rows")
                }
            }
        }
        Self.report("backups", kills: Self.trials(6).count)
    }

    @Test("restores killed at random: the store is one backup or the other, whole")
    func restores() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let url = folder.file("items.sqlite")
        let first = folder.file("first.sqlite")
        let second = folder.file("second.sqlite")
        try await Self.populate(first, rows: 100)
        try await Self.populate(second, rows: 300)
        try await Self.populate(url, rows: 100)
        var random = SeededGenerator(seed: Self.seed &+ 3)
        var restored = 0
        // A kill between removing the store and renaming the restored copy into place left
        // no store at all; the window is narrow, so the restores are killed often.
        for trial in Self.trials(16) {
            let delay = random.index(300)
            let lines = try await Self.kill(
                ["restore-loop", url.path, first.path, second.path], afterMilliseconds: delay)
            restored += (Self.last("RESTORED", in: lines) ?? -1) + 1
            let context = "OSD_KILL_SEED=\(Self.seed), trial \(trial), killed \(delay) ms in"
            let inspection = StoreFile(url: url).inspect()
            #expect(inspection.state == .ok, "\(context): the store is \(inspection.state)")
            let rows = inspection.entities.first { $0.entity == "Item" }?.rowCount
            #expect(rows == 100 || rows == 300, "\(context): \(rows ?? -1) rows")
        }
        #expect(restored > 0, "some restores were reported before the kills")
        Self.report("restores", kills: Self.trials(16).count)
    }
}
