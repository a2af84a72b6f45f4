/// Cast and crew of a movie or TV series, the body of `/movie/{id}/credits` and `/tv/{id}/credits`.
public struct Credits: Decodable, Sendable, Equatable, Hashable {
    /// Id of the movie or series; `nil` when TMDb omits it.
    public let id: Int?
    /// Cast, in billing order as sent by TMDb.
    public let cast: [CastMember]
    /// Crew.
    public let crew: [CrewMember]

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int? = nil,
        cast: [CastMember] = [],
        crew: [CrewMember] = []
    ) {
        self.id = id
        self.cast = cast
        self.crew = crew
    }

    private enum CodingKeys: String, CodingKey {
        case id, cast, crew
    }
}

extension Credits {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        cast = try container.tmdbDecode([CastMember].self, forKey: .cast, default: [])
        crew = try container.tmdbDecode([CrewMember].self, forKey: .crew, default: [])
    }

    /// Crew members whose job is `Director`.
    public var directors: [CrewMember] {
        crew.filter { $0.job == "Director" }
    }
}
