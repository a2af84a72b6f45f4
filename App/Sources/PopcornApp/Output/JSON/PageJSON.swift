/// One page of a paged list (`movies popular`, `discover …`): where it is in the list,
/// and its items.
public struct PageJSON<Item: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    /// The page number, from 1.
    public let page: Int
    public let totalPages: Int
    /// The items over every page.
    public let totalResults: Int
    public let results: [Item]
}
