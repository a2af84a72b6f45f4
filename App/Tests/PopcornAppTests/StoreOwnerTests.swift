import DataPersistenceInfrastructure
import MoviesInfrastructure
import PopcornTestSupport
import SearchInfrastructure
import Testing

@testable import PopcornApp

/// A store file has one owner (one actor, one container) in a process, whichever part of
/// the app opens it: `popcorn sync`'s stores are the commands' stores.
@Suite("One owner per store file in a process")
struct StoreOwnerTests {
    @Test("the stores popcorn sync opens are the containers of the watchlist and the history a command opened first")
    func syncSharesTheCommandsStores() async throws {
        let folder = TemporaryFolder(prefix: "StoreOwner")
        let options = try GlobalOptions.parse([
            "--data-dir", folder.dataDirectory.path, "--cache-dir", folder.cacheDirectory.path,
        ])
        let environment = AppEnvironment(options: options, environment: [:])
        let watchlist = try await environment.watchlistFactory().stores.actor(
            for: WatchlistInfrastructureFactory.watchlistStore)
        let history = try await environment.searchFactory().stores.actor(for: SearchInfrastructureFactory.historyStore)

        let synced = try await SyncStores.openExisting(environment).all()
        let containers = Dictionary(uniqueKeysWithValues: synced.map { ($0.name, $0.container) })
        #expect(containers["watchlist"] === watchlist.modelContainer)
        #expect(containers["history"] === history.modelContainer)
    }
}
