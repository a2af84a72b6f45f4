import OpenSwiftData
import Testing

@testable import MoviesInfrastructure

@Suite("Watchlist sync domain key")
struct WatchlistSyncKeyTests {
    @Test("the domain key is the watchlist entity's movieID, an attribute of the current schema")
    func namesAttributes() throws {
        #expect(MoviesInfrastructureFactory.watchlistDomainKeys == ["MoviesWatchlistMovieEntity": ["movieID"]])
        for (entity, key) in MoviesInfrastructureFactory.watchlistDomainKeys {
            let attributes = try #require(MoviesInfrastructureFactory.watchlistStore.schema.entity(named: entity))
                .attributes
            for property in key { #expect(attributes.contains { $0.name == property }) }
        }
    }
}
