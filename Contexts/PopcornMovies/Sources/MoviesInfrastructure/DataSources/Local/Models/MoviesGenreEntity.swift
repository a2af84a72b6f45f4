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
