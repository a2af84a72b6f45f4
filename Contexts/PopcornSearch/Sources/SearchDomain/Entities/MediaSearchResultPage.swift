/// One page of search results, in the order the remote ranked them.
public struct MediaSearchResultPage: Hashable, Sendable {
    /// The query that was searched, trimmed.
    public let query: String
    /// The page number, from 1.
    public let page: Int
    /// How many pages of results there are.
    public let totalPages: Int
    /// How many results there are over every page.
    public let totalResults: Int
    /// The results on this page.
    public let results: [MediaPreview]

    /// Creates a page of results.
    public init(query: String, page: Int, totalPages: Int, totalResults: Int, results: [MediaPreview]) {
        self.query = query
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.results = results
    }
}
