/// Searches movies, TV series and people by text.
public protocol MediaSearchRepository: Sendable {
    /// One page of results for `query`, as the remote ranks them.
    ///
    /// - Parameters:
    ///   - query: The text to look for; leading and trailing white space is ignored.
    ///   - page: The page number, from 1.
    /// - Throws: ``MediaSearchError/emptyQuery`` when `query` is empty or only white
    ///   space (the remote is not asked), ``MediaSearchError/invalidPage(_:)`` for a page
    ///   below 1, ``MediaSearchError/unavailable(_:)`` when the remote fails.
    func search(query: String, page: Int) async throws(MediaSearchError) -> MediaSearchResultPage
}
