/// A company credited with producing a movie, or a TV network.
public struct ProductionCompany: Decodable, Sendable, Equatable, Hashable, Identifiable {
    /// TMDb company id.
    public let id: Int
    /// Company name.
    public let name: String
    /// Logo image path; `nil` when there is none.
    public let logoPath: String?
    /// ISO 3166-1 country code; `nil` when unknown.
    public let originCountry: String?

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int,
        name: String,
        logoPath: String? = nil,
        originCountry: String? = nil
    ) {
        self.id = id
        self.name = name
        self.logoPath = logoPath
        self.originCountry = originCountry
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
        case logoPath = "logo_path"
        case originCountry = "origin_country"
    }
}

extension ProductionCompany {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.tmdbString(forKey: .name)
        logoPath = try container.tmdbOptionalString(forKey: .logoPath)
        originCountry = try container.tmdbOptionalString(forKey: .originCountry)
    }
}
