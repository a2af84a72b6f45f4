/// A country where a movie was produced.
public struct ProductionCountry: Decodable, Sendable, Equatable, Hashable {
    /// ISO 3166-1 country code, e.g. `US`.
    public let countryCode: String
    /// Country name.
    public let name: String

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        countryCode: String,
        name: String
    ) {
        self.countryCode = countryCode
        self.name = name
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case countryCode = "iso_3166_1"
    }
}

extension ProductionCountry {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        countryCode = try container.tmdbString(forKey: .countryCode)
        name = try container.tmdbString(forKey: .name)
    }
}
