import Foundation
import OpenSwiftData

/// The store's history, as SwiftData's `HistoryProviding`: what a container's
/// `ModelContext.fetchHistory(_:)` reads of it (``PostgresHistory``).
extension PostgresStore: HistoryProviding {
    /// The recorded transactions `descriptor` selects: each save of every process, once
    /// every transaction that began writing before it has ended, oldest first unless the
    /// descriptor sorts them.
    ///
    /// - Parameter descriptor: Which transactions, in which order, how many.
    /// - Throws: ``PostgresStoreError`` when the server fails; what the predicate throws.
    public func fetchHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws
        -> [DefaultHistoryTransaction]
    {
        let (schema, tables, identifier) = (schema, tables, identifier)
        var transactions = try withConnection { connection, logger in
            try await PostgresHistory.transactions(
                schema: schema, tables: tables, store: identifier, on: connection, logger: logger)
        }
        if let predicate = descriptor.predicate {
            transactions = try transactions.filter { try predicate.evaluate($0) }
        }
        if !descriptor.sortBy.isEmpty { transactions.sort(using: descriptor.sortBy) }
        if let limit = descriptor.fetchLimit { transactions = Array(transactions.prefix(max(0, limit))) }
        return transactions
    }

    /// Deletes the recorded transactions `descriptor` selects, and their changes.
    ///
    /// - Parameter descriptor: Which transactions.
    /// - Throws: ``PostgresStoreError`` when the server fails; what the predicate throws.
    public func deleteHistory(_ descriptor: HistoryDescriptor<DefaultHistoryTransaction>) throws {
        let selected = try fetchHistory(descriptor).map(\.transactionIdentifier)
        guard !selected.isEmpty else { return }
        let tables = tables
        try withConnection { connection, logger in
            try await PostgresHistory.delete(selected, tables: tables, on: connection, logger: logger)
        }
    }
}
