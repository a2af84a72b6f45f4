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

    static let schema = Schema([WatchedMovie.self, Memo.self, Folder.self, Shelf.self])

    /// How far this machine's clock is off, in seconds (ahead when positive): each save
    /// is recorded in the history at the time such a clock would have given.
    var clockOffset: TimeInterval = 0

    init() throws {
        folder = TemporaryFolder(prefix: "StoreSyncTests")
        container = try Self.open(folder)
    }

    /// The same data folder opened again, as the next run of a program would.
    init(reopening other: Machine) throws {
        folder = other.folder
        container = try Self.open(folder)
    }

    /// A data folder kept while no machine had it open (another process used it).
    init(opening folder: TemporaryFolder) throws {
        self.folder = folder
        container = try Self.open(folder)
    }

    private static func open(_ folder: TemporaryFolder) throws -> ModelContainer {
        try ModelContainer(
            for: schema,
            configurations: [
                ModelConfiguration(url: folder.file("notes.sqlite"), cloudKitDatabase: .private("iCloud.tests"))
            ])
    }

    var store: SyncedStore {
        SyncedStore(
            name: "notes", container: container, domainKeys: ["WatchedMovie": ["movieID"], "Shelf": ["name"]])
    }

    /// Syncs the store. A sync that repaired a record or left one unresolved (its digest
    /// check found the store and the server different) is a divergence, and fails the test,
    /// unless the test caused it (`allowingRepairs`).
    @discardableResult
    func sync(
        _ url: String, stoppingAt stop: StoreSyncEngine.Stop? = nil, allowingRepairs: Bool = false,
        pullPageSize: Int = RemoteRecords.pageSize, betweenPushAndPull: (@Sendable () async throws -> Void)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> StoreSyncReport {
        var engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "test"))
        engine.stop = stop
        engine.pullPageSize = pullPageSize
        engine.betweenPushAndPull = betweenPushAndPull
        let report = try await engine.sync([store]).first ?? StoreSyncReport(store: "none")
        if !allowingRepairs {
            #expect(report.repaired == 0, "the digest check repaired records", sourceLocation: sourceLocation)
            #expect(report.unresolved == 0, "the digest check found records unresolved", sourceLocation: sourceLocation)
        }
        return report
    }

    /// Saves the context, recorded at this machine's clock.
    func save(_ context: ModelContext) throws {
        try context.save()
        if clockOffset != 0 {
            try StoreTampering.shiftLatestHistoryTransaction(at: folder.file("notes.sqlite"), by: clockOffset)
        }
    }

    func add(movie: Int, at seconds: Double = Date().timeIntervalSince1970, note: String? = nil) throws {
        let context = ModelContext(container)
        context.insert(WatchedMovie(movieID: movie, createdAt: Date(timeIntervalSince1970: seconds), note: note))
        try save(context)
    }

    func edit(movie: Int, note: String?) throws {
        let context = ModelContext(container)
        for entry in try context.fetch(FetchDescriptor<WatchedMovie>(predicate: #Predicate { $0.movieID == movie })) {
            entry.note = note
        }
        try save(context)
    }

    func edit(movie: Int, createdAt seconds: Double) throws {
        let context = ModelContext(container)
        for entry in try context.fetch(FetchDescriptor<WatchedMovie>(predicate: #Predicate { $0.movieID == movie })) {
            entry.createdAt = Date(timeIntervalSince1970: seconds)
        }
        try save(context)
    }

    func remove(movie: Int) throws {
        let context = ModelContext(container)
        try context.delete(model: WatchedMovie.self, where: #Predicate { $0.movieID == movie })
        try save(context)
    }

    func removeMemoTitled(_ title: String) throws {
        let context = ModelContext(container)
        try context.delete(model: Memo.self, where: #Predicate { $0.title == title })
        try save(context)
    }

    /// The watchlist as (movie, note, creation time), sorted by movie.
    func movies() throws -> [Entry] {
        try ModelContext(container).fetch(FetchDescriptor<WatchedMovie>(sortBy: [SortDescriptor(\.movieID)])).map {
            Entry(movie: $0.movieID, note: $0.note, createdAt: $0.createdAt?.timeIntervalSince1970)
        }
    }

    func memos() throws -> [Memo] {
        try ModelContext(container).fetch(FetchDescriptor<Memo>(sortBy: [SortDescriptor(\.title)]))
    }

    struct Entry: Equatable, CustomStringConvertible {
        let movie: Int?
        let note: String?
        let createdAt: Double?

        var description: String { "\(movie.map(String.init) ?? "nil")/\(note ?? "-")" }
        /// ``description`` and the creation time, in seconds since 1970.
        var descriptionWithTime: String { "\(description)@\(createdAt.map { "\($0)" } ?? "-")" }
    }
}
