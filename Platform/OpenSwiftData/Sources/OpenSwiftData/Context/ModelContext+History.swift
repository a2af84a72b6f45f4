import GRDB

extension ModelContext {
    /// The transactions of the store's history that `descriptor` selects: every save
    /// to the store since its history began, from any context or process, with what
    /// each inserted, updated and deleted. By default in the order of the saves.
    ///
    /// The predicate and sort are evaluated in memory over the recorded transactions:
    /// delete the history a reader no longer needs (``deleteHistory(_:)``) to keep this
    /// fast.
    public func fetchHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws -> [T] {
        let entities = Dictionary(
            container.schema.layout.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let storeIdentifier = container.store.identifier
        let recorded: [DefaultHistoryTransaction]
        do {
            recorded = try access.read { db in
                try StoreHistory.transactions(db: db, storeIdentifier: storeIdentifier, entities: entities)
            }
        } catch {
            throw SQLiteErrors.swiftDataError(error, path: storeIdentifier)
        }
        // OpenSwiftData records one kind of transaction; another type selects none.
        var selected = recorded.compactMap { $0 as? T }
        if let predicate = descriptor.predicate {
            selected = try selected.filter { try predicate.evaluate($0) }
        }
        if !descriptor.sortBy.isEmpty {
            selected.sort { SortTranslator.areInIncreasingOrder($0, $1, by: descriptor.sortBy) }
        }
        if let limit = descriptor.fetchLimit { selected = Array(selected.prefix(max(0, limit))) }
        return selected
    }

    /// Deletes the transactions `descriptor` selects from the store's history, in one
    /// SQLite transaction. The models they changed are not touched.
    public func deleteHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws {
        guard container.store.allowsSave else { throw SwiftDataError.saveNotAllowed }
        let selected = try fetchHistory(descriptor).map(\.transactionIdentifier)
        do {
            try access.write { db in try StoreHistory.delete(transactions: selected, db: db) }
        } catch {
            throw SQLiteErrors.swiftDataError(error, path: container.store.identifier)
        }
    }
}
