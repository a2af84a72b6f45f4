/// A TMDb genre such as "Drama" (id 18).
public struct Genre: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb genre id.
    public let id: Int
    /// Display name of the genre.
    public let name: String

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String
    ) {
        self.id = id
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
    }
}

extension Genre {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
    }
}

/// The body of `/genre/movie/list` and `/genre/tv/list`.
struct GenreList: Decodable, Sendable {
    let genres: [Genre]
}
