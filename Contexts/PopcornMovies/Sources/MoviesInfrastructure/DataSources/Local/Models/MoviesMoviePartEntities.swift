import OpenSwiftData

/// A genre of a cached movie.
@Model
final class MoviesGenreEntity {
    var genreID: Int
    var name: String

    init(genreID: Int, name: String) {
        self.genreID = genreID
        self.name = name
    }
}

/// A production company of a cached movie.
@Model
final class MoviesProductionCompanyEntity {
    var companyID: Int
    var name: String
    var logoPath: String?
    var originCountry: String?

    init(companyID: Int, name: String, logoPath: String?, originCountry: String?) {
        self.companyID = companyID
        self.name = name
        self.logoPath = logoPath
        self.originCountry = originCountry
    }
}

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

/// The collection a cached movie belongs to.
@Model
final class MoviesCollectionEntity {
    var collectionID: Int
    var name: String
    var posterPath: String?
    var backdropPath: String?

    init(collectionID: Int, name: String, posterPath: String?, backdropPath: String?) {
        self.collectionID = collectionID
        self.name = name
        self.posterPath = posterPath
        self.backdropPath = backdropPath
    }
}
