import Foundation
import OpenSwiftData

/// A picked search result in the search history. User data in a CloudKit-configured
/// store: every property optional, no unique attribute (one entry per media is kept by
/// the local data source instead).
@Model
final class SearchMediaSearchHistoryEntryEntity {
    var mediaID: Int?
    var mediaType: MediaType?
    var timestamp: Date?

    /// The kind of media, stored by its raw value.
    enum MediaType: String, Codable {
        case movie
        case tvSeries
        case person
    }

    init(mediaID: Int, mediaType: MediaType, timestamp: Date = .now) {
        self.mediaID = mediaID
        self.mediaType = mediaType
        self.timestamp = timestamp
    }
}
