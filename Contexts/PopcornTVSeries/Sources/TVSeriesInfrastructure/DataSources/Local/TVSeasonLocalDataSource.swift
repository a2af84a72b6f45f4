import DataPersistenceInfrastructure
import Foundation
import TVSeriesDomain

/// The cache of seasons with their episodes.
protocol TVSeasonLocalDataSource: Sendable {
    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) async throws -> CachedValue<TVSeason>?
    func save(_ season: TVSeason, cachedAt: Date) async throws
}
