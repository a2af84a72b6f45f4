/// A genre, such as Drama.
public struct Genre: Identifiable, Equatable, Hashable, Sendable {
    public let id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
