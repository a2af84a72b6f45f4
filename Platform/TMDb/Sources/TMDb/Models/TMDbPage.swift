/// One page of a paged TMDb list (`page`, `results`, `total_pages`, `total_results`).
///
/// TMDb pages are 1-based and hold at most 20 results.
public struct TMDbPage<Item> {
    /// The 1-based page number.
    public let page: Int
    /// The items on this page.
    public let results: [Item]
    /// The number of pages available.
    public let totalPages: Int
    /// The number of items across all pages.
    public let totalResults: Int

    /// Creates a page.
    public init(page: Int, results: [Item], totalPages: Int, totalResults: Int) {
        self.page = page
        self.results = results
        self.totalPages = totalPages
        self.totalResults = totalResults
    }

    private enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }
}

extension TMDbPage: Sendable where Item: Sendable {}
extension TMDbPage: Equatable where Item: Equatable {}
extension TMDbPage: Hashable where Item: Hashable {}

extension TMDbPage: Decodable where Item: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = try container.tmdbDecode(Int.self, forKey: .page, default: 1)
        results = try container.tmdbDecode([Item].self, forKey: .results, default: [])
        totalPages = try container.tmdbDecode(Int.self, forKey: .totalPages, default: 1)
        totalResults = try container.tmdbDecode(Int.self, forKey: .totalResults, default: results.count)
    }
}
