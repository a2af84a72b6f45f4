import Foundation
import SearchDomain

/// `search QUERY [--pick N]`: a page of results, and the one recorded in the history.
public struct SearchJSON: Codable, Equatable, Sendable {
    /// The query as searched, trimmed.
    public let query: String
    public let page: Int
    public let totalPages: Int
    public let totalResults: Int
    public let results: [SearchResultJSON]
    /// The result `--pick N` recorded in the search history; null without `--pick`.
    @Nullable public var recorded: SearchResultJSON?
}

/// A movie, series or person found.
public struct SearchResultJSON: Codable, Equatable, Sendable {
    /// The result's place on the page, from 1: what `--pick` takes.
    public let number: Int
    /// `movie`, `tvSeries` or `person`.
    public let kind: String
    public let id: Int
    /// A movie's title, a series' or person's name.
    public let name: String
}

/// `history list`: the picked results, most recent first.
public struct HistoryJSON: Codable, Equatable, Sendable {
    public let entries: [HistoryEntryJSON]
}

public struct HistoryEntryJSON: Codable, Equatable, Sendable {
    /// `movie`, `tvSeries` or `person`.
    public let kind: String
    public let id: Int
    public let pickedAt: Date
}

/// `history clear`.
public struct HistoryClearedJSON: Codable, Equatable, Sendable {
    /// How many entries were deleted.
    public let cleared: Int
}

extension SearchResultJSON {
    init(_ result: MediaPreview, number: Int) {
        self.init(number: number, kind: result.kind.rawValue, id: result.id, name: result.displayName)
    }
}

extension HistoryEntryJSON {
    init(_ entry: MediaSearchHistoryEntry) {
        self.init(kind: entry.kind.rawValue, id: entry.mediaID, pickedAt: entry.timestamp)
    }
}
