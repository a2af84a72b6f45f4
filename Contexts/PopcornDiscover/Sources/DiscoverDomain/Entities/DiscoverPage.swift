import Foundation

/// One page of discover results.
public struct DiscoverPage<Item: Sendable & Equatable>: Sendable, Equatable {
    /// The page's number, from 1.
    public let page: Int
    /// How many pages there are.
    public let totalPages: Int
    /// How many results there are over all pages.
    public let totalResults: Int
    /// The page's results, in order.
    public let items: [Item]

    /// Creates a page.
    public init(page: Int, totalPages: Int, totalResults: Int, items: [Item]) {
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.items = items
    }

    /// Whether there is a page after this one.
    public var hasNextPage: Bool { page < totalPages }

    /// The number of the next page, if there is one.
    public var nextPage: Int? { hasNextPage ? page + 1 : nil }
}
