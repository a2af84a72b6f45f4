/// One hit of `/search/multi`, tagged by TMDb's `media_type`.
public enum MultiSearchResult: Decodable, Sendable, Equatable, Hashable {
    /// `media_type: "movie"`.
    case movie(MovieListItem)
    /// `media_type: "tv"`.
    case tv(TVSeriesListItem)
    /// `media_type: "person"`.
    case person(PersonListItem)

    private enum CodingKeys: String, CodingKey {
        case mediaType = "media_type"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mediaType = try container.decode(String.self, forKey: .mediaType)
        switch mediaType {
        case "movie": self = .movie(try MovieListItem(from: decoder))
        case "tv": self = .tv(try TVSeriesListItem(from: decoder))
        case "person": self = .person(try PersonListItem(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .mediaType, in: container, debugDescription: "Unknown media_type \"\(mediaType)\"")
        }
    }

    /// The TMDb id of the hit.
    public var id: Int {
        switch self {
        case .movie(let movie): movie.id
        case .tv(let series): series.id
        case .person(let person): person.id
        }
    }

    /// The title (movie) or name (series, person) of the hit.
    public var displayName: String {
        switch self {
        case .movie(let movie): movie.title
        case .tv(let series): series.name
        case .person(let person): person.name
        }
    }

    /// The popularity score of the hit.
    public var popularity: Double {
        switch self {
        case .movie(let movie): movie.popularity
        case .tv(let series): series.popularity
        case .person(let person): person.popularity
        }
    }
}
