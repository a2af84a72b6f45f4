extension SearchInfrastructureFactory {
    /// What identifies a search-history entry on every machine, for syncing the history
    /// between machines: its media (the same id can be a movie, a series and a person).
    /// The same media picked on two machines is one entry after a sync, with the later
    /// time. Entity name to the names of its identifying attributes.
    public static let historyDomainKeys: [String: [String]] = [
        String(describing: SearchMediaSearchHistoryEntryEntity.self): ["mediaID", "mediaType"]
    ]
}
