import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData

@testable import SearchInfrastructure

/// Writes history stores the way an earlier build left them.
enum HistoryStoreFiles {
    /// A stable reference time, so that orders are predictable.
    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: 800_000_000 + seconds) }

    /// Writes a V1 store with `rows` (media id, type, seconds) at `url`, and copies its
    /// three files to `copyURL` while the container is still open, so that the rows are
    /// in the copy's `-wal`, not yet in its main file. Returns the size of the copied WAL.
    @discardableResult
    static func writeV1WithRowsInWAL(
        at url: URL,
        copyingTo copyURL: URL,
        rows: [(Int, SearchMediaSearchHistoryEntryEntity.MediaType, TimeInterval)]
    ) throws -> Int {
        let schema = Schema(versionedSchema: SearchHistorySchemaV1.self)
        let container = try ModelContainer(
            for: schema, migrationPlan: SearchHistoryMigrationPlan.self,
            configurations: [
                ModelConfiguration(
                    schema: schema, url: url, cloudKitDatabase: StoreDescription.iCloudContainer)
            ])
        let context = ModelContext(container)
        for (id, type, seconds) in rows {
            context.insert(SearchMediaSearchHistoryEntryEntity(mediaID: id, mediaType: type, timestamp: date(seconds)))
        }
        try context.save()
        for (from, to) in zip(
            StoreFile(url: url).fileURLs, StoreFile(url: copyURL).fileURLs)
        {
            try FileManager.default.copyItem(at: from, to: to)
        }
        let walSize = try FileManager.default.attributesOfItem(atPath: copyURL.path + "-wal")[.size] as? Int
        withExtendedLifetime(container) {}
        return walSize ?? 0
    }
}
