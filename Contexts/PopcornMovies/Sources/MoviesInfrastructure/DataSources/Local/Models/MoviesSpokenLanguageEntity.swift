import OpenSwiftData

/// A spoken language of a cached movie.
@Model
final class MoviesSpokenLanguageEntity {
    var languageCode: String
    var name: String

    init(languageCode: String, name: String) {
        self.languageCode = languageCode
        self.name = name
    }
}
