import DataPersistenceInfrastructure
import Foundation
import TVSeriesInfrastructure

extension TVSeriesInfrastructureFactory {
    /// The factory a `RepositoryFixture` makes: stores under `folder`, entries dated by `now`.
    static func forTests(folder: URL, now: @escaping @Sendable () -> Date, remote: MockTVSeriesRemote) -> Self {
        Self(
            locations: StoreLocations(under: folder), remoteDataSource: remote, cachePolicy: CachePolicy(now: now),
            logger: .quiet)
    }
}
