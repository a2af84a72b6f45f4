import OpenSwiftData

extension ModelContext {
    /// Makes `changes`, then saves them. When either throws, every unsaved change of the
    /// context is rolled back before the error is rethrown.
    ///
    /// A store's actor has one context that every repository of the store shares: a
    /// failed save that kept its changes would have the next save, of any repository,
    /// write them. Every write of the contexts goes through here.
    ///
    /// ```swift
    /// let removed = try context.saveOrRollback {
    ///     let matching = try context.fetch(FetchDescriptor<WatchlistEntry>(predicate: #Predicate { $0.movieID == id }))
    ///     for entry in matching { context.delete(entry) }
    ///     return !matching.isEmpty
    /// }
    /// ```
    ///
    /// - Parameter changes: Makes the changes, and returns what the call returns.
    /// - Returns: What `changes` returns.
    /// - Throws: What `changes` or the save throws, once every unsaved change is rolled back.
    @discardableResult
    public func saveOrRollback<Value>(_ changes: () throws -> Value) throws -> Value {
        do {
            let value = try changes()
            try save()
            return value
        } catch {
            rollback()
            throw error
        }
    }
}
