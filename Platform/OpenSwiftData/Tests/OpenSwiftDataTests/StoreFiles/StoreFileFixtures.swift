import Foundation
import GRDB
import OpenSwiftData

/// Stores on disk for the store-file tests, written as a program would leave them.
enum StoreFileFixtures {
    static let schemaV1 = Schema(versionedSchema: WatchlistV1.self)
    static let schemaV2 = Schema(versionedSchema: WatchlistV2.self)

    /// A V1 watchlist stamped 1.0.0 with movies `ids`; the container is closed when this
    /// returns, so the rows are in the main file.
    static func writeV1(_ url: URL, ids: [Int]) throws {
        let container = try ModelContainer(
            for: schemaV1, migrationPlan: WatchlistV1OnlyPlan.self, configurations: [ModelConfiguration(url: url)])
        try insert(ids, into: container)
    }

    static func insert(_ ids: [Int], into container: ModelContainer) throws {
        let context = ModelContext(container)
        for id in ids {
            context.insert(WatchlistV1.WatchlistMovie(movieID: id, createdAt: Date(timeIntervalSinceReferenceDate: 1)))
        }
        try context.save()
    }

    /// The movie ids of a V1 store, read through a container.
    static func movieIDs(at url: URL) throws -> [Int] {
        let container = try ModelContainer(for: schemaV1, configurations: [ModelConfiguration(url: url)])
        return try ModelContext(container).fetch(FetchDescriptor<WatchlistV1.WatchlistMovie>())
            .compactMap(\.movieID).sorted()
    }

    /// The primary keys of a table, read with plain SQLite.
    static func keys(in table: String, at url: URL) throws -> [Int64] {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db in try Int64.fetchAll(db, sql: "SELECT _pk FROM \"\(table)\" ORDER BY _pk") }
    }

    /// Bytes that are not an SQLite database.
    static let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    /// The files in a folder, sorted.
    static func names(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }
}
