/// The collection (franchise) a movie belongs to.
public struct MovieCollectionReference: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb collection id.
    public let id: Int
    /// Collection name.
    public let name: String
    /// Poster image path; `nil` when there is none.
    public let posterPath: String?
    /// Backdrop image path; `nil` when there is none.
    public let backdropPath: String?

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String,
        posterPath: String? = nil,
        backdropPath: String? = nil
    ) {
        self.id = id
        self.name = name
        self.posterPath = posterPath
        self.backdropPath = backdropPath
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
    }
}

extension MovieCollectionReference {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        posterPath = try container.tmdbOptionalString(forKey: .posterPath)
        backdropPath = try container.tmdbOptionalString(forKey: .backdropPath)
    }
}
