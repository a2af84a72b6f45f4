import DataPersistenceInfrastructure
import Foundation
import OpenSwiftData
import SearchDomain

/// The search history in `popcorn-search-cloudkit.sqlite`, on the store's actor.
///
/// CloudKit stores cannot have unique attributes, so "one entry per media" is kept here,
/// as the watchlist keeps one per movie: adding media that is already there updates that
/// entry to the newer timestamp, and duplicates that arrived otherwise (a merged legacy
/// store, two processes at once) are folded into it and never listed twice.
struct SwiftDataMediaSearchHistoryLocalDataSource: Sendable {
    let store: StoreActor

    func entries() async throws -> [MediaSearchHistoryEntry] {
        try await store.perform { context in
            let descriptor = FetchDescriptor<SearchMediaSearchHistoryEntryEntity>(
                sortBy: [SortDescriptor(\.timestamp, order: .reverse)])
            return try context.fetch(descriptor).compactMap(MediaSearchHistoryEntryMapper().map)
                .firstOfEachKey { MediaKey(mediaID: $0.mediaID, kind: $0.kind) }
        }
    }

    func add(_ entry: MediaSearchHistoryEntry) async throws {
        try await store.perform { context in
            _ = try context.keepOne(
                matching: { try Self.entities(mediaID: entry.mediaID, kind: entry.kind, in: $0) },
                orInsert: {
                    SearchMediaSearchHistoryEntryEntity(
                        mediaID: entry.mediaID, mediaType: MediaSearchHistoryEntryMapper().mediaType(of: entry.kind),
                        timestamp: entry.timestamp)
                },
                // The oldest row stays, with the newest timestamp of all.
                preferring: { _, _ in false },
                merge: { survivor, folded in
                    let newest = ([survivor] + folded).compactMap(\.timestamp).reduce(entry.timestamp) { max($0, $1) }
                    if survivor.timestamp != newest { survivor.timestamp = newest }
                })
        }
    }

    func remove(mediaID: Int, kind: MediaKind) async throws -> Bool {
        try await store.perform { context in
            // Rolled back on failure: the store's one context must not keep the deletes for
            // the next save.
            try context.saveOrRollback {
                let matching = try Self.entities(mediaID: mediaID, kind: kind, in: context)
                for entity in matching { context.delete(entity) }
                return !matching.isEmpty
            }
        }
    }

    func removeAll() async throws {
        try await store.perform { context in
            try context.saveOrRollback { try context.delete(model: SearchMediaSearchHistoryEntryEntity.self) }
        }
    }

    /// One media, whatever the time it was picked.
    private struct MediaKey: Hashable {
        let mediaID: Int
        let kind: MediaKind
    }

    /// The entities of one media. The id is matched in SQL; the kind in memory, as the
    /// same id can belong to a movie, a series and a person.
    private static func entities(
        mediaID: Int, kind: MediaKind, in context: ModelContext
    ) throws -> [SearchMediaSearchHistoryEntryEntity] {
        let mediaType = MediaSearchHistoryEntryMapper().mediaType(of: kind)
        let descriptor = FetchDescriptor<SearchMediaSearchHistoryEntryEntity>(
            predicate: #Predicate { $0.mediaID == mediaID })
        return try context.fetch(descriptor).filter { $0.mediaType == mediaType }
    }
}
