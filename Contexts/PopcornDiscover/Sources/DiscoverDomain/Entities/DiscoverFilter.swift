import Foundation

/// What to discover: movies or series with all of some genres, in an original language.
///
/// The filter is normalised when it is created, so that two filters asking the same
/// thing are equal: genre identifiers are sorted and without duplicates, and the
/// language code is trimmed and lowercased, an empty one meaning no language.
///
/// ```swift
/// DiscoverFilter(genreIDs: [80, 18, 80], originalLanguage: " EN ")
///     == DiscoverFilter(genreIDs: [18, 80], originalLanguage: "en")  // true
/// ```
public struct DiscoverFilter: Sendable, Equatable, Hashable {
    /// The genres every result has, sorted, without duplicates.
    public let genreIDs: [Int]
    /// The ISO 639-1 code of the results' original language, lowercased; `nil` for any.
    public let originalLanguage: String?

    /// No filter: everything, by popularity.
    public static let all = DiscoverFilter()

    /// Creates a filter, normalising its genres and language.
    public init(genreIDs: [Int] = [], originalLanguage: String? = nil) {
        self.genreIDs = Array(Set(genreIDs)).sorted()
        let language = originalLanguage?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        self.originalLanguage = language?.isEmpty == false ? language : nil
    }

    /// Whether the filter lets everything through.
    public var isUnfiltered: Bool { genreIDs.isEmpty && originalLanguage == nil }
}
