import DataPersistenceInfrastructure
import OpenSwiftData

/// The models of the TV series cache store, `popcorn-tvseries.sqlite`.
///
/// A cache has no versioned schema: a change OpenSwiftData can apply in place (a new
/// optional attribute, say) is applied when the store opens; any other change makes the
/// store fail to open, and it is deleted and created anew
/// (``TVSeriesInfrastructureFactory/cacheStore`` is declared as a cache).
enum TVSeriesCacheSchema {
    static let models: [any PersistentModel.Type] = [
        TVSeriesTVSeriesEntity.self,
        TVSeriesGenreEntity.self,
        TVSeriesSeasonSummaryEntity.self,
        TVSeriesSeasonEntity.self,
        TVSeriesSeasonEpisodeEntity.self,
        TVSeriesEpisodeEntity.self,
        TVSeriesCreditsEntity.self,
        TVSeriesCastMemberEntity.self,
        TVSeriesCrewMemberEntity.self,
    ]
}

// The entries the local data sources read and replace whole, each stamped when stored.
extension TVSeriesTVSeriesEntity: CacheEntry {}
extension TVSeriesSeasonEntity: CacheEntry {}
extension TVSeriesEpisodeEntity: CacheEntry {}
extension TVSeriesCreditsEntity: CacheEntry {}
