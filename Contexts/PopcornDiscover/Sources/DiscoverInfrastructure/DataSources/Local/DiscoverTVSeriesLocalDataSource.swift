import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation

/// The cache of discovered TV series pages.
protocol DiscoverTVSeriesLocalDataSource: Sendable {
    func page(_ page: Int, filterKey: String) async throws -> CachedValue<DiscoverPage<TVSeriesPreview>>?
    func save(_ page: DiscoverPage<TVSeriesPreview>, filterKey: String, cachedAt: Date) async throws
}
