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
