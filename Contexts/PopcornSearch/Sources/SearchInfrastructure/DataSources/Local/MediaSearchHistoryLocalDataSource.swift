import SearchDomain

/// The search history store.
protocol MediaSearchHistoryLocalDataSource: Sendable {
    /// Every entry, newest first.
    func entries() async throws -> [MediaSearchHistoryEntry]
    /// Records the entry, keeping one per media with the newer timestamp.
    func add(_ entry: MediaSearchHistoryEntry) async throws
    /// Removes the entries of one media; returns whether there were any.
    func remove(mediaID: Int, kind: MediaKind) async throws -> Bool
    /// Removes every entry.
    func removeAll() async throws
}
