import Foundation
import SearchDomain

/// `search QUERY [--pick N]`: a page of results, and the one recorded in the history.
package struct SearchJSON: Codable, Equatable, Sendable {
    /// The query as searched, trimmed.
    package let query: String
    package let page: Int
    package let totalPages: Int
    package let totalResults: Int
    package let results: [SearchResultJSON]
    /// The result `--pick N` recorded in the search history; null without `--pick`.
    @Nullable package var recorded: SearchResultJSON?
}

/// A movie, series or person found.
package struct SearchResultJSON: Codable, Equatable, Sendable {
    /// The result's place on the page, from 1: what `--pick` takes.
    package let number: Int
    /// `movie`, `tvSeries` or `person`.
    package let kind: String
    package let id: Int
    /// A movie's title, a series' or person's name.
    package let name: String
}

/// `history list`: the picked results, most recent first.
package struct HistoryJSON: Codable, Equatable, Sendable {
    package let entries: [HistoryEntryJSON]
}

package struct HistoryEntryJSON: Codable, Equatable, Sendable {
    /// `movie`, `tvSeries` or `person`.
    package let kind: String
    package let id: Int
    package let pickedAt: Date
}

/// `history clear`.
package struct HistoryClearedJSON: Codable, Equatable, Sendable {
    /// How many entries were deleted.
    package let cleared: Int
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
