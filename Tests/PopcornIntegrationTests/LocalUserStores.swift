import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import MoviesInfrastructure
import SearchDomain
import SearchInfrastructure

/// The user stores of a `popcorn` data folder opened in the test's own process through
/// the Movies and Search contexts, as a second program would hold them: to fill them
/// faster than one `popcorn` run per change, or to keep them open (with their write-ahead
/// log) while `popcorn` runs. A store opened here stays open as long as this value.
struct LocalUserStores: Sendable {
    private let movies: WatchlistInfrastructureFactory
    private let search: SearchInfrastructureFactory

    init(_ popcorn: PopcornProcess) {
        let locations = StoreLocations(dataDirectory: popcorn.dataDirectory, cacheDirectory: popcorn.cacheDirectory)
        movies = WatchlistInfrastructureFactory(locations: locations)
        search = SearchInfrastructureFactory(locations: locations, remoteDataSource: NoSearchRemote())
    }

    /// The watchlist, as `popcorn watchlist` changes it.
    var watchlist: any WatchlistRepository { get async throws { try await movies.makeWatchlistRepository() } }

    /// The search history, as `popcorn search --pick` and `history` change it.
    var history: any MediaSearchHistoryRepository {
        get async throws { try await search.makeMediaSearchHistoryRepository() }
    }
}

/// The history repository searches nothing; a call here is a test's mistake.
private struct NoSearchRemote: MediaSearchRemoteDataSource {
    func search(query: String, page: Int) async throws(MediaSearchRemoteDataSourceError) -> MediaSearchResultPage {
        throw .failed("the tests search nothing")
    }
}
