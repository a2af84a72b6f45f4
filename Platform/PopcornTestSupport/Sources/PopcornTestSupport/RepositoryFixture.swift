import Foundation

/// What a context's repository tests start from: a temporary folder for the stores, a test
/// clock, a test double of the remote data source, and the context's factory over the three.
///
/// This module knows no context (nor DataPersistenceInfrastructure, whose tests use it), so
/// each context's tests say once how their factory is made:
///
/// ```swift
/// typealias TVSeriesFixture = RepositoryFixture<MockTVSeriesRemote, TVSeriesInfrastructureFactory>
///
/// extension TVSeriesFixture {
///     init() {
///         self.init(remote: MockTVSeriesRemote()) { folder, now, remote in
///             TVSeriesInfrastructureFactory(
///                 locations: StoreLocations(under: folder), remoteDataSource: remote,
///                 cachePolicy: CachePolicy(now: now), logger: .quiet)
///         }
///     }
/// }
/// ```
public struct RepositoryFixture<Remote, Factory> {
    /// Where the factory's stores are; removed with the fixture.
    public let folder = TemporaryFolder()
    /// The clock the factory's cache policy reads.
    public let clock = TestClock()
    /// The remote data source the factory was given.
    public let remote: Remote
    public let factory: Factory

    /// Makes the folder and the clock, then the factory: `makeFactory` is given the folder's
    /// URL, the clock's `read` and `remote`.
    public init(
        remote: Remote,
        factory makeFactory: (_ folder: URL, _ now: @escaping @Sendable () -> Date, _ remote: Remote) -> Factory
    ) {
        self.remote = remote
        factory = makeFactory(folder.url, clock.read, remote)
    }
}

extension RepositoryFixture: Sendable where Remote: Sendable, Factory: Sendable {}
