/// One page of a paged list (`movies popular`, `discover …`): where it is in the list,
/// and its items.
package struct PageJSON<Item: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    /// The page number, from 1.
    package let page: Int
    package let totalPages: Int
    /// The items over every page.
    package let totalResults: Int
    package let results: [Item]
}
