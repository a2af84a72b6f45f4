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
