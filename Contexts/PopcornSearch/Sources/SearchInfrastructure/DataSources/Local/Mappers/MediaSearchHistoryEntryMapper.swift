import Foundation
import SearchDomain

/// Maps history entities to domain entries and media kinds to stored media types.
struct MediaSearchHistoryEntryMapper {
    /// The domain entry, or nil for a row missing its id, kind or timestamp (every
    /// property is optional in a CloudKit store, so such a row can exist; it is skipped
    /// rather than shown with made-up values).
    func map(_ entity: SearchMediaSearchHistoryEntryEntity) -> MediaSearchHistoryEntry? {
        guard let mediaID = entity.mediaID, let mediaType = entity.mediaType, let timestamp = entity.timestamp else {
            return nil
        }
        return MediaSearchHistoryEntry(mediaID: mediaID, kind: kind(of: mediaType), timestamp: timestamp)
    }

    /// The stored media type of a kind.
    func mediaType(of kind: MediaKind) -> SearchMediaSearchHistoryEntryEntity.MediaType {
        switch kind {
        case .movie: .movie
        case .tvSeries: .tvSeries
        case .person: .person
        }
    }

    /// The kind of a stored media type.
    func kind(of mediaType: SearchMediaSearchHistoryEntryEntity.MediaType) -> MediaKind {
        switch mediaType {
        case .movie: .movie
        case .tvSeries: .tvSeries
        case .person: .person
        }
    }
}
