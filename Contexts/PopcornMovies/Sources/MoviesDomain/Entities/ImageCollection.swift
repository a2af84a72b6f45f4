/// The posters, backdrops and logos of a movie.
public struct ImageCollection: Equatable, Sendable {
    public var posters: [ImageMetadata]
    public var backdrops: [ImageMetadata]
    public var logos: [ImageMetadata]

    public init(posters: [ImageMetadata] = [], backdrops: [ImageMetadata] = [], logos: [ImageMetadata] = []) {
        self.posters = posters
        self.backdrops = backdrops
        self.logos = logos
    }
}

/// One image: its path on the image server and its size.
public struct ImageMetadata: Equatable, Codable, Sendable {
    public var filePath: String
    public var width: Int
    public var height: Int
    public var voteAverage: Double

    public init(filePath: String, width: Int, height: Int, voteAverage: Double = 0) {
        self.filePath = filePath
        self.width = width
        self.height = height
        self.voteAverage = voteAverage
    }

    public var aspectRatio: Double { height == 0 ? 0 : Double(width) / Double(height) }
}

/// A movie's age rating in one country, such as "PG-13" in "US".
public struct Certification: Equatable, Sendable {
    public var countryCode: String
    public var rating: String

    public init(countryCode: String, rating: String) {
        self.countryCode = countryCode
        self.rating = rating
    }
}
