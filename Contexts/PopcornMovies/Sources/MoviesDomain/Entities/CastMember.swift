/// An actor and the character they play.
public struct CastMember: Identifiable, Equatable, Sendable {
    public let id: Int
    public var name: String
    public var character: String?
    public var order: Int
    public var profilePath: String?

    public init(id: Int, name: String, character: String? = nil, order: Int, profilePath: String? = nil) {
        self.id = id
        self.name = name
        self.character = character
        self.order = order
        self.profilePath = profilePath
    }
}
