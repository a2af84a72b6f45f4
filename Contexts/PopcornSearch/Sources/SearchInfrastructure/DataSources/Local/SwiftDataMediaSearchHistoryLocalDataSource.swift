import Foundation
import OpenSwiftData
import SearchDomain

/// The search history in `popcorn-search-cloudkit.sqlite`, owned by this actor.
///
/// CloudKit stores cannot have unique attributes, so "one entry per media" is kept here:
/// adding media that is already there updates that entry to the newer timestamp, and
/// duplicates that arrived otherwise (a merged legacy store, say) are folded into it.
@ModelActor
actor SwiftDataMediaSearchHistoryLocalDataSource: MediaSearchHistoryLocalDataSource {
    func entries() throws -> [MediaSearchHistoryEntry] {
        let descriptor = FetchDescriptor<SearchMediaSearchHistoryEntryEntity>(
            sortBy: [SortDescriptor(\.timestamp, order: .reverse)])
        let mapper = MediaSearchHistoryEntryMapper()
        var seen: Set<MediaKey> = []
        return try modelContext.fetch(descriptor).compactMap(mapper.map).filter {
            seen.insert(MediaKey(mediaID: $0.mediaID, kind: $0.kind)).inserted
        }
    }

    func add(_ entry: MediaSearchHistoryEntry) throws {
        let matching = try entities(mediaID: entry.mediaID, kind: entry.kind)
        guard let kept = matching.first else {
            modelContext.insert(
                SearchMediaSearchHistoryEntryEntity(
                    mediaID: entry.mediaID, mediaType: MediaSearchHistoryEntryMapper().mediaType(of: entry.kind),
                    timestamp: entry.timestamp))
            try modelContext.save()
            return
        }
        let newest = matching.compactMap(\.timestamp).reduce(entry.timestamp) { max($0, $1) }
        kept.timestamp = newest
        for duplicate in matching.dropFirst() { modelContext.delete(duplicate) }
        try modelContext.save()
    }

    func remove(mediaID: Int, kind: MediaKind) throws -> Bool {
        let matching = try entities(mediaID: mediaID, kind: kind)
        for entity in matching { modelContext.delete(entity) }
        try modelContext.save()
        return !matching.isEmpty
    }

    func removeAll() throws {
        try modelContext.delete(model: SearchMediaSearchHistoryEntryEntity.self)
        try modelContext.save()
    }

    /// One media, whatever the time it was picked.
    private struct MediaKey: Hashable {
        let mediaID: Int
        let kind: MediaKind
    }

    /// The entities of one media. The id is matched in SQL; the kind in memory, as the
    /// same id can belong to a movie, a series and a person.
    private func entities(mediaID: Int, kind: MediaKind) throws -> [SearchMediaSearchHistoryEntryEntity] {
        let mediaType = MediaSearchHistoryEntryMapper().mediaType(of: kind)
        let descriptor = FetchDescriptor<SearchMediaSearchHistoryEntryEntity>(
            predicate: #Predicate { $0.mediaID == mediaID })
        return try modelContext.fetch(descriptor).filter { $0.mediaType == mediaType }
    }
}
