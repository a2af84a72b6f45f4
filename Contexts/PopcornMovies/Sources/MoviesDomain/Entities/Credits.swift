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
