import Foundation

/// The cast and crew of a TV series.
public struct Credits: Sendable, Equatable {
    /// The actors, in the order the source lists them.
    public let cast: [CastMember]
    /// The crew, in the order the source lists them.
    public let crew: [CrewMember]

    /// Creates credits.
    public init(cast: [CastMember] = [], crew: [CrewMember] = []) {
        self.cast = cast
        self.crew = crew
    }

    /// The cast by billing order (``CastMember/order``), lowest first.
    public var billedCast: [CastMember] {
        cast.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
    }

    /// The crew members with this job, such as `"Executive Producer"`.
    public func crew(withJob job: String) -> [CrewMember] {
        crew.filter { $0.job == job }
    }
}

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
