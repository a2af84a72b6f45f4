import OpenSwiftData

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
