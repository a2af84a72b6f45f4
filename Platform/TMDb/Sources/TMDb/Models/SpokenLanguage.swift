/// A language spoken in a movie.
public struct SpokenLanguage: Decodable, Sendable, Equatable, Hashable {
    /// ISO 639-1 language code, e.g. `fr`.
    public let languageCode: String
    /// Native name of the language.
    public let name: String
    /// English name of the language; `nil` when absent.
    public let englishName: String?

    /// Creates a value directly, e.g. for previews and test doubles; parameters mirror the properties.
    public init(
        languageCode: String,
        name: String,
        englishName: String? = nil
    ) {
        self.languageCode = languageCode
        self.name = name
        self.englishName = englishName
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case languageCode = "iso_639_1"
        case englishName = "english_name"
    }
}

extension SpokenLanguage {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        languageCode = try container.tmdbString(forKey: .languageCode)
        name = try container.tmdbString(forKey: .name)
        englishName = try container.tmdbOptionalString(forKey: .englishName)
    }
}
