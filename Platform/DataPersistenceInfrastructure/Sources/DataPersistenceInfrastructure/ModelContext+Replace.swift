import OpenSwiftData

extension ModelContext {
    /// The first model the descriptor fetches, if any.
    ///
    /// - Parameter descriptor: Which models, in which order.
    /// - Throws: What ``ModelContext/fetch(_:)`` throws.
    func fetchFirst<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> T? {
        var descriptor = descriptor
        descriptor.fetchLimit = 1
        return try fetch(descriptor).first
    }

    /// Deletes the models the descriptor fetches (and, by cascade, their parts) and
    /// inserts `entity`, in one save: what a cache does to replace an entry. On failure
    /// nothing is saved and the context's changes are rolled back.
    ///
    /// - Parameters:
    ///   - existing: The models to delete.
    ///   - entity: The model to insert.
    /// - Throws: What the fetch or the save throws, once the context's changes are rolled back.
    func replace<T: PersistentModel>(_ existing: FetchDescriptor<T>, with entity: T) throws {
        try saveOrRollback {
            for old in try fetch(existing) {
                delete(old)
            }
            insert(entity)
        }
    }
}
