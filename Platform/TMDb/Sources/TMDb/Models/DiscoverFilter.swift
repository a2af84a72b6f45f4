/// Filters for `/discover/movie` and `/discover/tv`.
public struct DiscoverFilter: Sendable, Equatable, Hashable {
    /// Genre ids that every result must have (sent as `with_genres`, comma-separated = AND).
    public var genreIDs: [Int]
    /// ISO 639-1 original language (sent as `with_original_language`), e.g. `ko`.
    public var originalLanguage: String?
    /// The 1-based page (1...500).
    public var page: Int

    /// Creates a filter; the defaults match everything, first page.
    public init(genreIDs: [Int] = [], originalLanguage: String? = nil, page: Int = 1) {
        self.genreIDs = genreIDs
        self.originalLanguage = originalLanguage
        self.page = page
    }
}
