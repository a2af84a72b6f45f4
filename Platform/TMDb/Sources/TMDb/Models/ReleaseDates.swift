import Foundation

/// Release dates and certifications per country, the body of `/movie/{id}/release_dates`.
public struct ReleaseDates: Decodable, Sendable, Equatable, Hashable {
    /// Id of the movie; `nil` when TMDb omits it.
    public let id: Int?
    /// Releases grouped by country.
    public let results: [CountryReleaseDates]

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        id: Int? = nil,
        results: [CountryReleaseDates] = []
    ) {
        self.id = id
        self.results = results
    }

    private enum CodingKeys: String, CodingKey {
        case id, results
    }
}

extension ReleaseDates {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        results = try container.tmdbDecode([CountryReleaseDates].self, forKey: .results, default: [])
    }

    /// The certification for `countryCode` (e.g. `US`), preferring theatrical releases.
    ///
    /// Returns `nil` when the country has no non-empty certification.
    public func certification(forCountry countryCode: String) -> String? {
        guard let country = results.first(where: { $0.countryCode.caseInsensitiveCompare(countryCode) == .orderedSame })
        else { return nil }
        let certified = country.releaseDates.filter { !$0.certification.isEmpty }
        let preferred = certified.first { $0.type == .theatrical || $0.type == .theatricalLimited }
        return (preferred ?? certified.first)?.certification
    }
}
