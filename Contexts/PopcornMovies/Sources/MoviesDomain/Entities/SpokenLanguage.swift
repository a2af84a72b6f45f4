/// A language spoken in a movie, by ISO 639-1 code.
public struct SpokenLanguage: Equatable, Sendable {
    public var languageCode: String
    public var name: String

    public init(languageCode: String, name: String) {
        self.languageCode = languageCode
        self.name = name
    }
}
