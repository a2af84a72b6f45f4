/// The file names of Popcorn's stores, as the PRD's naming convention has them.
///
/// Cache stores go in ``StoreLocations/cacheDirectory``; user-data (CloudKit) stores in
/// ``StoreLocations/dataDirectory``.
public enum StoreFileNames {
    /// The Movies cache.
    public static let moviesCache = "popcorn-movies.sqlite"
    /// The Movies watchlist (user data, CloudKit configuration).
    public static let moviesWatchlist = "popcorn-movies-cloudkit.sqlite"
    /// The TV series cache.
    public static let tvSeriesCache = "popcorn-tvseries.sqlite"
    /// The Discover cache.
    public static let discoverCache = "popcorn-discover.sqlite"
    /// The search history (user data, CloudKit configuration).
    public static let searchHistory = "popcorn-search-cloudkit.sqlite"
    /// The search history's former name, relocated by ``LegacyStoreRelocator``.
    public static let legacySearchHistory = "searchkit-cloudkit.sqlite"
}
