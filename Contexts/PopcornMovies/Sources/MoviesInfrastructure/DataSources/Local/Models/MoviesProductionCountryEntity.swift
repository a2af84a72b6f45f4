import OpenSwiftData

/// A production country of a cached movie.
@Model
final class MoviesProductionCountryEntity {
    var countryCode: String
    var name: String

    init(countryCode: String, name: String) {
        self.countryCode = countryCode
        self.name = name
    }
}
