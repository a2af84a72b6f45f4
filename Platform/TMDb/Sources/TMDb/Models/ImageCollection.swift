/// Posters, backdrops and logos of a movie, the body of `/movie/{id}/images`.
public struct ImageCollection: Decodable, Sendable, Equatable, Hashable {
    /// Id of the movie; `nil` when TMDb omits it.
    public let id: Int?
    /// Poster images.
    public let posters: [TMDbImage]
    /// Backdrop images.
    public let backdrops: [TMDbImage]
    /// Logo images.
    public let logos: [TMDbImage]

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int? = nil,
        posters: [TMDbImage] = [],
        backdrops: [TMDbImage] = [],
        logos: [TMDbImage] = []
    ) {
        self.id = id
        self.posters = posters
        self.backdrops = backdrops
        self.logos = logos
    }

    private enum CodingKeys: String, CodingKey {
        case id, posters, backdrops, logos
    }
}

extension ImageCollection {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        posters = try container.tmdbDecode([TMDbImage].self, forKey: .posters, default: [])
        backdrops = try container.tmdbDecode([TMDbImage].self, forKey: .backdrops, default: [])
        logos = try container.tmdbDecode([TMDbImage].self, forKey: .logos, default: [])
    }
}
