/// A custom store that records the history of its saves, as SwiftData's `HistoryProviding`:
/// a container's ``ModelContext/fetchHistory(_:)`` reads it, and
/// ``ModelContext/deleteHistory(_:)`` deletes from it.
///
/// OpenSwiftData reads the history of a store whose transactions are
/// ``DefaultHistoryTransaction``s, merged with its SQLite stores' histories by timestamp; it
/// asks for every transaction (a descriptor without predicate) and applies the caller's
/// descriptor to the merged history, so that tokens compare across stores.
public protocol HistoryProviding<HistoryType> {
    /// The store's transactions.
    associatedtype HistoryType: HistoryTransaction

    /// The store's transaction type.
    static var historyType: HistoryType.Type { get }

    /// The recorded transactions `descriptor` selects, oldest first unless it sorts them.
    ///
    /// - Parameter descriptor: Which transactions, in which order, how many.
    /// - Throws: What the store throws when it cannot read its history.
    func fetchHistory(_ descriptor: HistoryDescriptor<HistoryType>) throws -> [HistoryType]

    /// Deletes the recorded transactions `descriptor` selects, and their changes.
    ///
    /// - Parameter descriptor: Which transactions.
    /// - Throws: What the store throws when it cannot delete them.
    func deleteHistory(_ descriptor: HistoryDescriptor<HistoryType>) throws
}

extension HistoryProviding {
    /// The store's transaction type.
    public static var historyType: HistoryType.Type { HistoryType.self }
}
