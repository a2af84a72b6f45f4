import Foundation
import OpenSwiftData

/// A genre of a cached series; `position` keeps the order the source listed them in.
@Model
final class TVSeriesGenreEntity {
    var genreID: Int
    var name: String
    var position: Int
    var tvSeries: TVSeriesTVSeriesEntity?

    init(genreID: Int, name: String, position: Int) {
        self.genreID = genreID
        self.name = name
        self.position = position
    }
}
