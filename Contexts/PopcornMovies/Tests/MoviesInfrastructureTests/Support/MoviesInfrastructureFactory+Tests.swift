import DataPersistenceInfrastructure
import Foundation
import MoviesInfrastructure

extension MoviesInfrastructureFactory {
    /// The factory a `RepositoryFixture` makes: stores under `folder`, entries dated by `now`.
    static func forTests(folder: URL, now: @escaping @Sendable () -> Date, remote: MockMovieRemote) -> Self {
        Self(locations: StoreLocations(under: folder), remoteDataSource: remote, cachePolicy: CachePolicy(now: now))
    }
}
