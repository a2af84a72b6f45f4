import Foundation
import OpenSwiftData

/// The cached credits of a series; its cast and crew are deleted with it.
@Model
final class TVSeriesCreditsEntity {
    @Attribute(.unique) var tvSeriesID: Int
    var cachedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \TVSeriesCastMemberEntity.credits)
    var cast: [TVSeriesCastMemberEntity] = []
    @Relationship(deleteRule: .cascade, inverse: \TVSeriesCrewMemberEntity.credits)
    var crew: [TVSeriesCrewMemberEntity] = []

    init(tvSeriesID: Int, cachedAt: Date) {
        self.tvSeriesID = tvSeriesID
        self.cachedAt = cachedAt
    }
}
