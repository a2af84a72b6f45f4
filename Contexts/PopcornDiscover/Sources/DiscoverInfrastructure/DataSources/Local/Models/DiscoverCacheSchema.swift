import DataPersistenceInfrastructure
import OpenSwiftData

/// The models of the discover cache store, `popcorn-discover.sqlite`.
///
/// A cache has no versioned schema: a change OpenSwiftData can apply in place (a new
/// optional attribute, say) is applied when the store opens; any other change makes the
/// store fail to open, and it is deleted and created anew
/// (``DiscoverInfrastructureFactory/cacheStore`` is declared as a cache).
enum DiscoverCacheSchema {
    static let models: [any PersistentModel.Type] = [
        DiscoverMoviePageEntity.self,
        DiscoverMoviePreviewEntity.self,
        DiscoverTVSeriesPageEntity.self,
        DiscoverTVSeriesPreviewEntity.self,
    ]
}

// The entries the local data sources read and replace whole, each stamped when stored.
extension DiscoverMoviePageEntity: CacheEntry {}
extension DiscoverTVSeriesPageEntity: CacheEntry {}
