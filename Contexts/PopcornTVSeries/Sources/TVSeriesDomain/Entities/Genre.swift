import Foundation

/// A genre a TV series belongs to, such as "Drama".
public struct Genre: Sendable, Equatable, Hashable, Identifiable {
    /// The genre's identifier.
    public let id: Int
    /// The genre's display name.
    public let name: String

    /// Creates a genre.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
