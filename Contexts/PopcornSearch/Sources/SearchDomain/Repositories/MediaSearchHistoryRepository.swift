/// The media the user picked from search results. It is user data: it is kept across
/// launches and schema versions, and never deleted to recover a store.
public protocol MediaSearchHistoryRepository: Sendable {
    /// Every entry, newest first.
    func entries() async throws(MediaSearchHistoryError) -> [MediaSearchHistoryEntry]

    /// Adds an entry.
    ///
    /// The history keeps one entry per media (id and kind). Adding media that is already
    /// there keeps that single entry with the newer of the two timestamps, so picking it
    /// again moves it to the top, and adding an older record of it changes nothing.
    func add(_ entry: MediaSearchHistoryEntry) async throws(MediaSearchHistoryError)

    /// Removes the entry of one media; returns whether there was one.
    @discardableResult
    func remove(mediaID: Int, kind: MediaKind) async throws(MediaSearchHistoryError) -> Bool

    /// Removes every entry.
    func clear() async throws(MediaSearchHistoryError)
}
