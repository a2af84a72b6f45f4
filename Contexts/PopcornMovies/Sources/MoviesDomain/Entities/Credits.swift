/// Who is in a movie and who made it.
public struct Credits: Equatable, Sendable {
    public var cast: [CastMember]
    public var crew: [CrewMember]

    public init(cast: [CastMember], crew: [CrewMember]) {
        self.cast = cast
        self.crew = crew
    }

    /// The crew members whose job is Director.
    public var directors: [CrewMember] { crew.filter { $0.job == "Director" } }
}

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
