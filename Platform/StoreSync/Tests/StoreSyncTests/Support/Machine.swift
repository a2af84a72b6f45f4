import Foundation
import Logging
import OpenSwiftData
import OpenSwiftDataTesting
import Testing

@testable import StoreSync

/// One "machine": a data folder with a store of watchlist entries, memos and their
/// folders, synced as the store `notes`.
final class Machine {
    /// Removed when the last machine on it is released.
    let folder: TemporaryFolder
    let container: ModelContainer
    let release: Release

    /// The release of the program a machine runs: this one, or a newer one whose watchlist
    /// entry has an attribute more (``NewerRelease``).
    enum Release {
        case current, newer

        var schema: Schema {
            switch self {
            case .current: Machine.schema
            case .newer: Schema([NewerRelease.WatchedMovie.self, Memo.self, Folder.self, Shelf.self])
            }
        }

        var watchlistEntry: any WatchlistEntryModel.Type {
            switch self {
            case .current: WatchedMovie.self
            case .newer: NewerRelease.WatchedMovie.self
            }
        }
    }

    static let schema = Schema([WatchedMovie.self, Memo.self, Folder.self, Shelf.self])

    /// How far this machine's clock is off, in seconds (ahead when positive): each save
    /// is recorded in the history at the time such a clock would have given.
    var clockOffset: TimeInterval = 0

    init(release: Release = .current) throws {
        folder = TemporaryFolder(prefix: "StoreSyncTests")
        self.release = release
        container = try Self.open(folder, release: release)
    }

    /// The same data folder opened again, as the next run of a program would.
    init(reopening other: Machine) throws {
        folder = other.folder
        release = other.release
        container = try Self.open(folder, release: release)
    }

    /// A data folder kept while no machine had it open (another process used it).
    init(opening folder: TemporaryFolder, release: Release = .current) throws {
        self.folder = folder
        self.release = release
        container = try Self.open(folder, release: release)
    }

    private static func open(_ folder: TemporaryFolder, release: Release) throws -> ModelContainer {
        try ModelContainer(
            for: release.schema,
            configurations: [
                ModelConfiguration(url: folder.file("notes.sqlite"), cloudKitDatabase: .private("iCloud.tests"))
            ])
    }

    var store: SyncedStore { Self.store(of: container) }

    static func store(of container: ModelContainer) -> SyncedStore {
        SyncedStore(
            name: "notes", container: container, domainKeys: ["WatchedMovie": ["movieID"], "Shelf": ["name"]])
    }

    /// Syncs the store of `container` with an engine of its own, as another process syncing
    /// the same store does (from a test's hook, while a sync of the machine is in flight).
    static func sync(_ container: ModelContainer, _ url: String) async throws {
        let engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        _ = try await engine.sync([store(of: container)])
    }

    /// Syncs the store. A sync that repaired a record or left one unresolved (its digest
    /// check found the store and the server different) is a divergence, and fails the test,
    /// unless the test caused it (`allowingRepairs`). A `tombstoneRetention` replaces the
    /// engine's (90 days) for this sync, and its compaction takes the time to be
    /// `compactionClockAhead` later than the server's.
    @discardableResult
    func sync(
        _ url: String, stoppingAt stop: StoreSyncEngine.Stop? = nil, allowingRepairs: Bool = false,
        pullPageSize: Int = RemoteRecords.pageSize, tombstoneRetention: Duration? = nil,
        compactionClockAhead: Duration = .zero,
        betweenPushAndPull: (@Sendable () async throws -> Void)? = nil,
        beforeApplyingPage: (@Sendable () async throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> StoreSyncReport {
        var engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        engine.stop = stop
        if let tombstoneRetention { engine.tombstoneRetention = tombstoneRetention }
        engine.compactionClockAhead = compactionClockAhead
        engine.pullPageSize = pullPageSize
        engine.betweenPushAndPull = betweenPushAndPull
        engine.beforeApplyingPage = beforeApplyingPage
        let report = try await engine.sync([store]).first ?? StoreSyncReport(store: "none")
        if !allowingRepairs {
            #expect(report.repaired == 0, "the digest check repaired records", sourceLocation: sourceLocation)
            #expect(report.unresolved == 0, "the digest check found records unresolved", sourceLocation: sourceLocation)
        }
        return report
    }

    /// Saves the context, recorded at this machine's clock (the engine's own saves since, by
    /// another process syncing the store, are passed over).
    func save(_ context: ModelContext) throws {
        try context.save()
        if clockOffset != 0 {
            try StoreTampering.shiftLatestHistoryTransaction(
                at: folder.file("notes.sqlite"), by: clockOffset, passingOver: SyncAuthor.name)
        }
    }

    /// Adds the movie; with a rating, on a machine of the newer release only.
    func add(movie: Int, at seconds: Double = Date().timeIntervalSince1970, note: String? = nil, rating: Int? = nil)
        throws
    {
        let context = ModelContext(container)
        let entry = release.watchlistEntry.init(
            movieID: movie, createdAt: Date(timeIntervalSince1970: seconds), note: note)
        entry.rating = rating
        context.insert(entry)
        try save(context)
    }

    /// Sets the movie's note; with a rating, on a machine of the newer release only.
    func edit(movie: Int, note: String?, rating: Int? = nil) throws {
        let context = ModelContext(container)
        for entry in try Self.entries(of: movie, release: release, in: context) {
            entry.note = note
            if let rating { entry.rating = rating }
        }
        try save(context)
    }

    func edit(movie: Int, createdAt seconds: Double) throws {
        let context = ModelContext(container)
        for entry in try Self.entries(of: movie, release: release, in: context) {
            entry.createdAt = Date(timeIntervalSince1970: seconds)
        }
        try save(context)
    }

    func remove(movie: Int) throws {
        let context = ModelContext(container)
        for entry in try Self.entries(of: movie, release: release, in: context) { context.delete(entry) }
        try save(context)
    }

    /// The watchlist entries of `movie` (one, unless a sync left a duplicate).
    static func entries(of movie: Int, release: Release, in context: ModelContext) throws
        -> [any WatchlistEntryModel]
    {
        func fetch<Entry: WatchlistEntryModel>(_: Entry.Type) throws -> [any WatchlistEntryModel] {
            try context.fetch(FetchDescriptor<Entry>()).filter { $0.movieID == movie }
        }
        return try fetch(release.watchlistEntry)
    }

    func removeMemoTitled(_ title: String) throws {
        let context = ModelContext(container)
        try context.delete(model: Memo.self, where: #Predicate { $0.title == title })
        try save(context)
    }

    /// The watchlist as (movie, note, creation time), sorted by movie.
    /// The watchlist, by movie.
    func movies() throws -> [Entry] {
        func fetch<Model: WatchlistEntryModel>(_: Model.Type) throws -> [Entry] {
            try ModelContext(container).fetch(FetchDescriptor<Model>()).map {
                Entry(
                    movie: $0.movieID, note: $0.note, createdAt: $0.createdAt?.timeIntervalSince1970, rating: $0.rating)
            }
        }
        return try fetch(release.watchlistEntry).sorted { ($0.movie ?? .min) < ($1.movie ?? .min) }
    }

    func memos() throws -> [Memo] {
        try ModelContext(container).fetch(FetchDescriptor<Memo>(sortBy: [SortDescriptor(\.title)]))
    }

    struct Entry: Equatable, CustomStringConvertible {
        let movie: Int?
        let note: String?
        let createdAt: Double?
        /// The newer release's attribute (``NewerRelease``); nil on this release's machines.
        var rating: Int? = nil

        var description: String { "\(movie.map(String.init) ?? "nil")/\(note ?? "-")" }
        /// ``description`` and the creation time, in seconds since 1970.
        var descriptionWithTime: String { "\(description)@\(createdAt.map { "\($0)" } ?? "-")" }
    }
}
