import Foundation
import OpenSwiftData

/// The open cache store: its container and the one actor per store concern that owns a
/// context on it.
///
/// Every repository a factory makes shares these actors, so that writes to one concern
/// are serialised: two concurrent misses for the same page replace it one after the
/// other instead of both inserting.
struct DiscoverCacheStore: Sendable {
    let container: ModelContainer
    let movies: SwiftDataDiscoverMovieLocalDataSource
    let tvSeries: SwiftDataDiscoverTVSeriesLocalDataSource

    init(container: ModelContainer) {
        self.container = container
        movies = SwiftDataDiscoverMovieLocalDataSource(modelContainer: container)
        tvSeries = SwiftDataDiscoverTVSeriesLocalDataSource(modelContainer: container)
    }
}
