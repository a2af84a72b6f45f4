import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import PopcornApp
import PopcornNextWatchlist
import PopcornTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `stores migrate` run by `popcorn-next` (Tests/Fixtures/PopcornNext), the next release
/// of popcorn, whose watchlist V2 adds `addedOn` and backfills it a page at a time.
@Suite("popcorn stores migrate, from V1 to the next release's V2")
struct MigrateCommandTests {
    /// What a watchlist store holds, read through OpenSwiftData: its version and rows from
    /// `StoreFile`, its table's columns from `OpenSwiftDataTesting`, the backfill through
    /// the V2 models.
    struct WatchlistState: Equatable {
        var version: String?
        /// The columns of the watchlist's table, OpenSwiftData's primary key aside.
        var columns: [String]
        var rows: Int
        /// Rows whose `addedOn` is the day (UTC) of their `createdAt`.
        var backfilled: Int
    }

    static let entity = "MoviesWatchlistMovieEntity"
    static let v1Columns = ["movieID", "createdAt"]

    /// A V1 watchlist: `popcorn watchlist add 1019`, then `extraRows` rows more added
    /// through the V1 models, an hour apart, and the store checkpointed.
    static func makeV1Watchlist(_ popcorn: PopcornProcess, extraRows: Int) throws {
        let add = try popcorn.run(["watchlist", "add", "1019"])
        try #require(add.status == 0, "\(add.standardError)")
        try MigrationTesting.writeStore(at: popcorn.watchlistStore, version: NextWatchlistSchemaV1.self) { context in
            for row in 1...extraRows {
                context.insert(
                    NextWatchlistSchemaV1.MoviesWatchlistMovieEntity(
                        movieID: 100_000 + row,
                        createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(row) * 3600)))
            }
        }
        try StoreFile(url: popcorn.watchlistStore).checkpoint()
    }

    static func state(of store: URL) throws -> WatchlistState {
        let inspection = StoreFile(url: store).inspect()
        let columns = try StoreColumns.attributes(ofEntity: entity, in: store)
        return WatchlistState(
            version: inspection.schemaVersion?.description,
            columns: columns,
            rows: try StoreReading.rowCount(of: entity, at: store),
            backfilled: columns.contains("addedOn") ? try backfilledRows(of: store) : 0)
    }

    /// The rows of a V2 store whose `addedOn` is the UTC day of their `createdAt`, read
    /// through the V2 models without writing to the store.
    private static func backfilledRows(of store: URL) throws -> Int {
        let container = try ModelContainer(
            for: Schema(versionedSchema: NextWatchlistSchemaV2.self), migrationPlan: NextWatchlistMigrationPlan.self,
            configurations: [ModelConfiguration(url: store, allowsSave: false)])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return try StoreReading.all(NextWatchlistSchemaV2.MoviesWatchlistMovieEntity.self, in: container).count {
            guard let createdAt = $0.createdAt else { return false }
            let day = calendar.dateComponents([.year, .month, .day], from: createdAt)
            return $0.addedOn
                == String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)
        }
    }

    /// The store's file and its write-ahead log, as bytes.
    static func files(of store: URL) -> [Data?] {
        [try? Data(contentsOf: store), try? Data(contentsOf: URL(fileURLWithPath: store.path + "-wal"))]
    }

    @Test("kill -9 during stores migrate leaves V1 with every row; the rerun migrates every row to V2")
    func killDuringMigrate() throws {
        let popcorn = PopcornProcess()
        let store = popcorn.watchlistStore
        try Self.makeV1Watchlist(popcorn, extraRows: 50_000)
        let v1 = WatchlistState(version: "1.0.0", columns: Self.v1Columns, rows: 50_001, backfilled: 0)
        #expect(try Self.state(of: store) == v1)

        // On a terminal, the progress bar counts the rows the backfill has saved: they are
        // written inside the migration's transaction, which is open until it ends.
        let terminal = try PseudoTerminal()
        let migrate = popcorn.process(["stores", "migrate"], binary: .popcornNext)
        migrate.standardOutput = FileHandle.nullDevice
        migrate.standardError = terminal.terminal
        try migrate.run()
        try terminal.childStarted()
        let underWay = terminal.read(until: { $0.contains(/didMigrate, \d+ rows/) })
        kill(migrate.processIdentifier, SIGKILL)
        migrate.waitUntilExit()
        #expect(underWay, "the backfill was under way: \(terminal.text)")
        #expect(!terminal.text.contains("verifying"))
        #expect(migrate.terminationReason == .uncaughtSignal, "killed before the migration ended")
        let backups = try FileManager.default.contentsOfDirectory(atPath: popcorn.dataDirectory.path)
            .filter { $0.hasSuffix(".v1.0.0.backup") }
        #expect(backups.count == 1, "the migration wrote its backup before it began")

        // Version 1, every row, the V1 columns; and the real popcorn reads it.
        #expect(try Self.state(of: store) == v1)
        let movies = try popcorn.json(WatchlistJSON.self, ["watchlist", "list"]).movies
        #expect(movies.count == 50_001)
        #expect(movies.contains { $0.id == 1019 && $0.title == "The Violin Thief" })
        #expect(movies.filter { $0.title == nil }.count == 50_000, "ids the catalog does not know have no title")

        // The rerun completes: every row backfilled, version 2.0.0.
        let rerun = try popcorn.run(["stores", "migrate"], binary: .popcornNext)
        #expect(rerun.status == 0, "\(rerun.standardError)")
        #expect(rerun.standardOutput.contains("popcorn-movies-cloudkit.sqlite: Migration from 1.0.0 to 2.0.0"))
        #expect(
            try Self.state(of: store)
                == WatchlistState(
                    version: "2.0.0", columns: Self.v1Columns + ["addedOn"], rows: 50_001, backfilled: 50_001))

        // The next release finds it current.
        let again = try popcorn.run(["stores", "migrate"], binary: .popcornNext)
        #expect(
            again.standardOutput.contains("popcorn-movies-cloudkit.sqlite: The store is up to date (version 2.0.0)."))
        let status = try popcorn.json(StoresStatusJSON.self, ["stores", "status"], binary: .popcornNext)
        let watchlist = try #require(status.stores.first { $0.file == "popcorn-movies-cloudkit.sqlite" })
        #expect(watchlist.schemaVersion == "2.0.0")
        #expect(watchlist.rows.map(\.entity) == ["MoviesWatchlistMovieEntity"] && watchlist.totalRows == 50_001)
        #expect(watchlist.state == "ok")
        let check = try popcorn.json(StoresCheckJSON.self, ["stores", "check"], binary: .popcornNext)
        let checked = try #require(check.stores.first { $0.file == "popcorn-movies-cloudkit.sqlite" })
        #expect(checked.integrity == "ok")
        #expect(checked.schema == "current")

        // Today's popcorn, which knows only V1, refuses the V2 store and leaves it as it was.
        let before = Self.files(of: store)
        let refused = try popcorn.run(["watchlist", "list"])
        #expect(refused.status == 65)
        #expect(refused.standardError.split(separator: "\n").count == 1)
        #expect(refused.standardError.contains("newer than the latest this program knows"), "\(refused.standardError)")
        #expect(Self.files(of: store) == before)
    }

    @Test("stores migrate --json migrates the store and reports it: not a dry run, the backup, the stage")
    func migrateJSON() throws {
        let popcorn = PopcornProcess()
        try Self.makeV1Watchlist(popcorn, extraRows: 100)
        let result = try popcorn.run(["stores", "migrate", "--json"], binary: .popcornNext)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "no progress bar without a terminal: \(result.standardError)")
        let json = try JSONContract().decode(
            "StoresMigrateJSON", as: StoresMigrateJSON.self, from: result.standardOutput)
        #expect(!json.dryRun)
        #expect(json.stores.map(\.name) == ["watchlist"], "the only user store that exists")
        let watchlist = try #require(json.stores.first)
        #expect(watchlist.file == "popcorn-movies-cloudkit.sqlite" && !watchlist.upToDate)
        #expect(watchlist.fromVersion == "1.0.0" && watchlist.toVersion == "2.0.0")
        let stage = try #require(watchlist.stages.first)
        #expect(watchlist.stages.count == 1 && stage.hasCustomCode)
        #expect(stage.statements.contains { $0.contains("ADD COLUMN") && $0.contains("addedOn") }, "\(stage)")
        let backup = try #require(watchlist.backup)
        #expect(backup.hasSuffix(".v1.0.0.backup") && FileManager.default.fileExists(atPath: backup))
        #expect(StoreFile(url: URL(fileURLWithPath: backup)).inspect().schemaVersion?.description == "1.0.0")

        // The store itself is at V2, every row backfilled.
        #expect(
            try Self.state(of: popcorn.watchlistStore)
                == WatchlistState(version: "2.0.0", columns: Self.v1Columns + ["addedOn"], rows: 101, backfilled: 101))
        let again = try popcorn.json(StoresMigrateJSON.self, ["stores", "migrate"], binary: .popcornNext)
        #expect(!again.dryRun && again.stores.allSatisfy { $0.upToDate && $0.stages.isEmpty && $0.backup == nil })
    }

    @Test("stores migrate draws a progress bar on a terminal, and none without one")
    func progressBar() throws {
        let onTerminal = PopcornProcess()
        try Self.makeV1Watchlist(onTerminal, extraRows: 5_000)
        let terminal = try PseudoTerminal(columns: 80)
        let migrate = onTerminal.process(["stores", "migrate"], binary: .popcornNext)
        migrate.standardOutput = terminal.terminal
        migrate.standardError = terminal.terminal
        try migrate.run()
        try terminal.childStarted()
        terminal.read()
        migrate.waitUntilExit()
        #expect(migrate.terminationStatus == 0, "\(terminal.text)")
        let screen = terminal.text
        #expect(screen.contains(/\rwatchlist \[#+ +\] stage 1\/1 didMigrate, \d+ rows\u{1B}\[K/), "\(screen)")
        #expect(screen.contains("\rwatchlist [####################] stage 1/1 verifying row counts, 5001 rows"))
        #expect(screen.contains("\r\npopcorn-movies-cloudkit.sqlite: Migration from 1.0.0 to 2.0.0"))
        let bars = screen.split(whereSeparator: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
            .filter { $0.hasPrefix("watchlist [") }
        #expect(bars.count >= 5)
        #expect(bars.allSatisfy { $0.replacing("\u{1B}[K", with: "").count < 80 }, "each fits the terminal: \(bars)")
        #expect(try Self.state(of: onTerminal.watchlistStore).backfilled == 5_001)

        let withoutTerminal = PopcornProcess()
        try Self.makeV1Watchlist(withoutTerminal, extraRows: 5_000)
        let piped = try withoutTerminal.run(["stores", "migrate"], binary: .popcornNext)
        #expect(piped.status == 0)
        #expect(piped.standardError == "")
        #expect(!piped.standardOutput.contains("watchlist ["))
        #expect(piped.standardOutput.contains("popcorn-movies-cloudkit.sqlite: Migration from 1.0.0 to 2.0.0"))
        #expect(try Self.state(of: withoutTerminal.watchlistStore).backfilled == 5_001)
    }
}
