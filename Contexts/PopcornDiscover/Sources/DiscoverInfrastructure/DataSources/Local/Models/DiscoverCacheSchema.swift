import OpenSwiftData

/// The models of the discover cache store, `popcorn-discover.sqlite`.
///
/// A cache has no versioned schema: a change OpenSwiftData can apply in place (a new
/// optional attribute, say) is applied when the store opens; any other change makes the
/// store fail to open, and the factory deletes it and creates it anew.
enum DiscoverCacheSchema {
    static let models: [any PersistentModel.Type] = [
        DiscoverMoviePageEntity.self,
        DiscoverMoviePreviewEntity.self,
        DiscoverTVSeriesPageEntity.self,
        DiscoverTVSeriesPreviewEntity.self,
    ]

    static let schema = Schema(models)
}
