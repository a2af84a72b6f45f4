import Foundation

/// A search result the user picked, remembered in the search history.
///
/// The history holds at most one entry per media (id and kind); ``timestamp`` is when it
/// was last picked.
public struct MediaSearchHistoryEntry: Hashable, Sendable {
    /// The TMDb id of the media.
    public let mediaID: Int
    /// Which kind of media the id belongs to.
    public let kind: MediaKind
    /// When the media was picked.
    public let timestamp: Date

    /// Creates an entry.
    public init(mediaID: Int, kind: MediaKind, timestamp: Date) {
        self.mediaID = mediaID
        self.kind = kind
        self.timestamp = timestamp
    }

    /// Whether this entry is about the same media as `other`, whatever the timestamps.
    public func isSameMedia(as other: MediaSearchHistoryEntry) -> Bool {
        mediaID == other.mediaID && kind == other.kind
    }
}
