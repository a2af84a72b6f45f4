import GRDB

extension StoreFile {
    /// Runs SQLite's `PRAGMA integrity_check` on a read-only connection: every page,
    /// index and constraint of the file, without changing it.
    ///
    /// ```swift
    /// if case .problems(let messages) = StoreFile(url: storeURL).checkIntegrity() {
    ///     print("damaged:", messages.prefix(3))
    /// }
    /// ```
    public func checkIntegrity() -> StoreIntegrity {
        do {
            let results = try readOnlyQueue().read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            return results == ["ok"] ? .ok : .problems(results)
        } catch {
            return .unreadable(reason: Self.reason(error))
        }
    }
}
