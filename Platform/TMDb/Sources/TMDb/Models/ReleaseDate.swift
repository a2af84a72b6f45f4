import Foundation

/// One dated release of a movie in one country, with its certification.
public struct ReleaseDate: Decodable, Sendable, Equatable, Hashable {
    /// Age certification, e.g. `PG-13`; empty when none was given.
    public let certification: String
    /// ISO 639-1 language of the release; `nil` when unspecified.
    public let languageCode: String?
    /// Free-text note, e.g. a festival name; `nil` when empty.
    public let note: String?
    /// Release moment; `nil` when unknown.
    public let releaseDate: Date?
    /// Kind of release.
    public let type: ReleaseType

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        certification: String,
        languageCode: String? = nil,
        note: String? = nil,
        releaseDate: Date? = nil,
        type: ReleaseType
    ) {
        self.certification = certification
        self.languageCode = languageCode
        self.note = note
        self.releaseDate = releaseDate
        self.type = type
    }

    private enum CodingKeys: String, CodingKey {
        case certification, note, type
        case languageCode = "iso_639_1"
        case releaseDate = "release_date"
    }
}

extension ReleaseDate {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        certification = try container.tmdbString(forKey: .certification)
        languageCode = try container.tmdbOptionalString(forKey: .languageCode)
        note = try container.tmdbOptionalString(forKey: .note)
        releaseDate = try container.tmdbDate(forKey: .releaseDate)
        type = try container.tmdbDecode(ReleaseType.self, forKey: .type, default: .theatrical)
    }
}
