import DataPersistenceInfrastructure
import DiscoverInfrastructure
import Foundation

extension DiscoverInfrastructureFactory {
    /// The factory a `RepositoryFixture` makes: stores under `folder`, entries dated by `now`.
    static func forTests(folder: URL, now: @escaping @Sendable () -> Date, remote: MockDiscoverRemote) -> Self {
        Self(
            locations: StoreLocations(under: folder), remoteDataSource: remote, cachePolicy: CachePolicy(now: now),
            logger: .quiet)
    }
}
