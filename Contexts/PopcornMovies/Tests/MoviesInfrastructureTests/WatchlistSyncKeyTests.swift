import OpenSwiftData
import Testing

@testable import MoviesInfrastructure

@Suite("Watchlist sync key")
struct WatchlistSyncKeyTests {
    @Test("the store's sync key is the watchlist entity's movieID, an attribute of the current schema")
    func namesAttributes() throws {
        #expect(
            WatchlistInfrastructureFactory.watchlistStore.syncKeysByEntity == [
                "MoviesWatchlistMovieEntity": ["movieID"]
            ])
        for (entity, key) in WatchlistInfrastructureFactory.watchlistStore.syncKeysByEntity {
            let attributes = try #require(WatchlistInfrastructureFactory.watchlistStore.schema.entity(named: entity))
                .attributes
            for property in key { #expect(attributes.contains { $0.name == property }) }
        }
    }
}
