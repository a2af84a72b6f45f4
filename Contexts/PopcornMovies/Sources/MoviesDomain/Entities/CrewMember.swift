/// A person who worked on a movie, and their job.
public struct CrewMember: Identifiable, Equatable, Sendable {
    public let id: Int
    public var name: String
    public var job: String
    public var department: String?
    public var profilePath: String?

    public init(id: Int, name: String, job: String, department: String? = nil, profilePath: String? = nil) {
        self.id = id
        self.name = name
        self.job = job
        self.department = department
        self.profilePath = profilePath
    }
}
