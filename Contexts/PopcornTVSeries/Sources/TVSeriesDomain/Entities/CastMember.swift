/// An actor in a series' credits.
public struct CastMember: Sendable, Equatable, Identifiable {
    /// The person's identifier.
    public let id: Int
    /// The person's name.
    public let name: String
    /// The character they play.
    public let character: String?
    /// Their billing order; lower is billed first.
    public let order: Int
    /// The path of their profile picture.
    public let profilePath: String?

    /// Creates a cast member.
    public init(id: Int, name: String, character: String? = nil, order: Int, profilePath: String? = nil) {
        self.id = id
        self.name = name
        self.character = character
        self.order = order
        self.profilePath = profilePath
    }
}
