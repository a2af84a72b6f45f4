import OpenSwiftData
import Testing

@testable import MoviesInfrastructure

@Suite("Watchlist sync key")
struct WatchlistSyncKeyTests {
    @Test("the store's sync key is the watchlist entity's movieID, an attribute of the current schema")
    func namesAttributes() throws {
        #expect(
            MoviesInfrastructureFactory.watchlistStore.syncKeysByEntity == ["MoviesWatchlistMovieEntity": ["movieID"]])
        for (entity, key) in MoviesInfrastructureFactory.watchlistStore.syncKeysByEntity {
            let attributes = try #require(MoviesInfrastructureFactory.watchlistStore.schema.entity(named: entity))
                .attributes
            for property in key { #expect(attributes.contains { $0.name == property }) }
        }
    }
}
