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
