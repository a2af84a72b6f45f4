import SearchDomain

/// Where search results come from. The App implements it with TMDb's multi-search (or
/// the offline catalog); it speaks domain values only.
public protocol MediaSearchRemoteDataSource: Sendable {
    /// One page of results for a query that is already trimmed and not empty.
    ///
    /// - Parameters:
    ///   - query: The text to look for.
    ///   - page: The page number, from 1.
    func search(query: String, page: Int) async throws(MediaSearchRemoteDataSourceError) -> MediaSearchResultPage
}
