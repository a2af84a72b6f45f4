internal import GRDB

extension StoreFile {
    /// Runs SQLite's `PRAGMA integrity_check` on a read-only connection: every page,
    /// index and constraint of the file, without changing it. Then checks that every
    /// external-data file a row names (`@Attribute(.externalStorage)`) is in the store's
    /// support folder; each one missing is a problem.
    ///
    /// ```swift
    /// if case .problems(let messages) = StoreFile(url: storeURL).checkIntegrity() {
    ///     print("damaged:", messages.prefix(3))
    /// }
    /// ```
    public func checkIntegrity() -> StoreIntegrity {
        do {
            let results = try readOnlyQueue().read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            guard results == ["ok"] else { return .problems(results) }
            let missing = try missingExternalData()
            return missing.isEmpty ? .ok : .problems(missing)
        } catch {
            return .unreadable(reason: Self.reason(error))
        }
    }
}
