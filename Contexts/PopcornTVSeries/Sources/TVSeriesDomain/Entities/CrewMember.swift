/// A crew member in a series' credits.
public struct CrewMember: Sendable, Equatable, Identifiable {
    /// The person's identifier.
    public let id: Int
    /// The person's name.
    public let name: String
    /// Their job, such as `"Creator"`.
    public let job: String
    /// Their department, such as `"Writing"`.
    public let department: String?
    /// The path of their profile picture.
    public let profilePath: String?

    /// Creates a crew member.
    public init(id: Int, name: String, job: String, department: String? = nil, profilePath: String? = nil) {
        self.id = id
        self.name = name
        self.job = job
        self.department = department
        self.profilePath = profilePath
    }
}
