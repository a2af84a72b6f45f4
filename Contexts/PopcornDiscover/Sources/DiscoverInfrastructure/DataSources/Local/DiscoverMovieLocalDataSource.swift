import DataPersistenceInfrastructure
import DiscoverDomain
import Foundation

/// The cache of discovered movie pages.
protocol DiscoverMovieLocalDataSource: Sendable {
    func page(_ page: Int, filterKey: String) async throws -> CachedValue<DiscoverPage<MoviePreview>>?
    func save(_ page: DiscoverPage<MoviePreview>, filterKey: String, cachedAt: Date) async throws
}
