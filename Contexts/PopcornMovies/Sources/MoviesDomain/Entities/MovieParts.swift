/// A genre, such as Drama.
public struct Genre: Identifiable, Equatable, Hashable, Sendable {
    public let id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A company that produced a movie.
public struct ProductionCompany: Identifiable, Equatable, Sendable {
    public let id: Int
    public var name: String
    public var logoPath: String?
    public var originCountry: String?

    public init(id: Int, name: String, logoPath: String? = nil, originCountry: String? = nil) {
        self.id = id
        self.name = name
        self.logoPath = logoPath
        self.originCountry = originCountry
    }
}

/// A country a movie was produced in, by ISO 3166-1 code.
public struct ProductionCountry: Equatable, Sendable {
    public var countryCode: String
    public var name: String

    public init(countryCode: String, name: String) {
        self.countryCode = countryCode
        self.name = name
    }
}

/// A language spoken in a movie, by ISO 639-1 code.
public struct SpokenLanguage: Equatable, Sendable {
    public var languageCode: String
    public var name: String

    public init(languageCode: String, name: String) {
        self.languageCode = languageCode
        self.name = name
    }
}

/// The collection (series of films) a movie belongs to.
public struct MovieCollection: Identifiable, Equatable, Sendable {
    public let id: Int
    public var name: String
    public var posterPath: String?
    public var backdropPath: String?

    public init(id: Int, name: String, posterPath: String? = nil, backdropPath: String? = nil) {
        self.id = id
        self.name = name
        self.posterPath = posterPath
        self.backdropPath = backdropPath
    }
}
