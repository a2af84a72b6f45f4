/// A person as a search result lists them.
public struct PersonPreview: Identifiable, Hashable, Sendable {
    /// The person's TMDb id.
    public let id: Int
    /// The person's name.
    public let name: String
    /// What they are known for, such as `Acting` or `Directing`, when known.
    public let knownForDepartment: String?
    /// The profile image path (such as `/profile.jpg`), when there is one.
    public let profilePath: String?

    /// Creates a person preview.
    public init(id: Int, name: String, knownForDepartment: String? = nil, profilePath: String? = nil) {
        self.id = id
        self.name = name
        self.knownForDepartment = knownForDepartment
        self.profilePath = profilePath
    }
}
