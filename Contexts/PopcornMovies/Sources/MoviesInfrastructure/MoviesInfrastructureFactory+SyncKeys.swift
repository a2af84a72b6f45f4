extension MoviesInfrastructureFactory {
    /// What identifies a watchlist entry on every machine, for syncing the watchlist
    /// between machines: its movie. The same movie added on two machines is one entry
    /// after a sync. Entity name to the names of its identifying attributes.
    public static let watchlistDomainKeys: [String: [String]] = [
        String(describing: MoviesWatchlistMovieEntity.self): ["movieID"]
    ]
}
