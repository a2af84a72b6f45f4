/// The releases of a movie in one country.
public struct CountryReleaseDates: Decodable, Sendable, Equatable, Hashable {
    /// ISO 3166-1 country code, e.g. `US`.
    public let countryCode: String
    /// Releases in that country.
    public let releaseDates: [ReleaseDate]

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        countryCode: String,
        releaseDates: [ReleaseDate] = []
    ) {
        self.countryCode = countryCode
        self.releaseDates = releaseDates
    }

    private enum CodingKeys: String, CodingKey {
        case countryCode = "iso_3166_1"
        case releaseDates = "release_dates"
    }
}

extension CountryReleaseDates {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        countryCode = try container.decode(String.self, forKey: .countryCode)
        releaseDates = try container.tmdbDecode([ReleaseDate].self, forKey: .releaseDates, default: [])
    }
}
