import Foundation
import OpenSwiftData

/// The open cache store: its container and the one actor per store concern that owns a
/// context on it.
///
/// Every repository a factory makes shares these actors, so that writes to one concern
/// are serialised: two concurrent misses for the same entry replace it one after the
/// other instead of both inserting.
struct TVSeriesCacheStore: Sendable {
    let container: ModelContainer
    let tvSeries: SwiftDataTVSeriesLocalDataSource
    let seasons: SwiftDataTVSeasonLocalDataSource
    let episodes: SwiftDataTVEpisodeLocalDataSource

    init(container: ModelContainer) {
        self.container = container
        tvSeries = SwiftDataTVSeriesLocalDataSource(modelContainer: container)
        seasons = SwiftDataTVSeasonLocalDataSource(modelContainer: container)
        episodes = SwiftDataTVEpisodeLocalDataSource(modelContainer: container)
    }
}
