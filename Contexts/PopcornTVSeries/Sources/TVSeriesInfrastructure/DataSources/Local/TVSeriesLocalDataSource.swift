import DataPersistenceInfrastructure
import Foundation
import TVSeriesDomain

/// The cache of series details and credits.
protocol TVSeriesLocalDataSource: Sendable {
    func tvSeries(withID id: Int) async throws -> CachedValue<TVSeries>?
    func save(_ series: TVSeries, cachedAt: Date) async throws
    func credits(forTVSeries id: Int) async throws -> CachedValue<Credits>?
    func save(_ credits: Credits, forTVSeries id: Int, cachedAt: Date) async throws
}
