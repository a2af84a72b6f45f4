import Foundation

/// A position in a store's history: what a reader has seen so far. Tokens of the same
/// store compare by the order of their transactions.
public protocol HistoryToken: Codable, Comparable, Hashable, Sendable {}

/// One save, as the store's history recorded it.
public protocol HistoryTransaction: Hashable, Identifiable, Sendable {
    /// The type of the transaction's ``token``.
    associatedtype TokenType: HistoryToken
    /// The inserts, updates and deletes of the save, in the order it wrote them.
    var changes: [HistoryChange] { get }
    /// Unique in the store, increasing with each save.
    var transactionIdentifier: Int64 { get }
    /// The saving context's ``ModelContext/author``.
    var author: String? { get }
    /// The saving program's bundle identifier, or its process name where it has none (on Linux).
    var bundleIdentifier: String { get }
    /// The saving process's identifier, as text.
    var processIdentifier: String { get }
    /// The store the transaction was saved to, as ``PersistentIdentifier/storeIdentifier`` names it.
    var storeIdentifier: String { get }
    /// When the save was recorded.
    var timestamp: Date { get }
    /// The position in the history just after this transaction.
    var token: TokenType { get }
}

/// The history token of OpenSwiftData's stores: a position in the history of a
/// container's stores, just after one transaction.
///
/// With several configurations, a container has a history per store, read as one
/// (``ModelContext/fetchHistory(_:)``, oldest first). A token then also remembers, for
/// every store, the last transaction of that store at or before its position, so that
/// `#Predicate { $0.token > seen }` selects exactly the transactions that `seen` has
/// not seen in their own store, whatever the order in which the stores' saves landed.
public struct DefaultHistoryToken: HistoryToken {
    /// The transaction's identifier, increasing with each save to its store.
    public let transactionIdentifier: Int64
    /// The store of the transaction, as ``PersistentIdentifier/storeIdentifier`` names it.
    public let storeIdentifier: String
    /// The last transaction seen of each store, by store identifier (this token's own
    /// store included).
    let positions: [String: Int64]

    init(transactionIdentifier: Int64, storeIdentifier: String, positions: [String: Int64]) {
        self.transactionIdentifier = transactionIdentifier
        self.storeIdentifier = storeIdentifier
        self.positions = positions
    }

    /// Whether `rhs`'s transaction comes after everything `lhs` has seen of its store.
    /// Tokens of unrelated histories (neither knows the other's store) order by store
    /// first, so that the order is total.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.positions[rhs.storeIdentifier], rhs.positions[lhs.storeIdentifier]) {
        case (let seen?, _):
            seen < rhs.transactionIdentifier
        case (nil, .some):
            // `rhs` has seen `lhs`'s store, `lhs` none of `rhs`'s: `rhs` comes later.
            true
        case (nil, nil):
            (lhs.storeIdentifier, lhs.transactionIdentifier) < (rhs.storeIdentifier, rhs.transactionIdentifier)
        }
    }
}

/// A save recorded in the store's history, as SwiftData's `DefaultHistoryTransaction`.
public struct DefaultHistoryTransaction: HistoryTransaction {
    public let changes: [HistoryChange]
    public let transactionIdentifier: Int64
    public let author: String?
    /// The saving program's bundle identifier, or its process name where it has none.
    public let bundleIdentifier: String
    /// The saving process's identifier, as text.
    public let processIdentifier: String
    /// The store the transaction was saved to.
    public let storeIdentifier: String
    /// When the save was recorded.
    public let timestamp: Date
    /// The last transaction of each store at or before this one in the history as read
    /// (see ``DefaultHistoryToken``); empty: this transaction's store alone.
    var historyPositions: [String: Int64] = [:]

    /// A transaction as a store's history records it.
    ///
    /// - Parameters:
    ///   - changes: Its changes, in the order the save wrote them.
    ///   - transactionIdentifier: Unique in the store, increasing with each save.
    ///   - author: The saving context's author.
    ///   - bundleIdentifier: The saving program's bundle identifier or process name.
    ///   - processIdentifier: The saving process's identifier, as text.
    ///   - storeIdentifier: The store's identifier.
    ///   - timestamp: When the save was recorded.
    package init(
        changes: [HistoryChange], transactionIdentifier: Int64, author: String?, bundleIdentifier: String,
        processIdentifier: String, storeIdentifier: String, timestamp: Date
    ) {
        self.changes = changes
        self.transactionIdentifier = transactionIdentifier
        self.author = author
        self.bundleIdentifier = bundleIdentifier
        self.processIdentifier = processIdentifier
        self.storeIdentifier = storeIdentifier
        self.timestamp = timestamp
    }

    public var id: Int64 { transactionIdentifier }

    public var token: DefaultHistoryToken {
        DefaultHistoryToken(
            transactionIdentifier: transactionIdentifier, storeIdentifier: storeIdentifier,
            positions: historyPositions.isEmpty ? [storeIdentifier: transactionIdentifier] : historyPositions)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.transactionIdentifier == rhs.transactionIdentifier && lhs.storeIdentifier == rhs.storeIdentifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(transactionIdentifier)
        hasher.combine(storeIdentifier)
    }
}

/// Which transactions ``ModelContext/fetchHistory(_:)`` returns and
/// ``ModelContext/deleteHistory(_:)`` deletes.
public struct HistoryDescriptor<HistoryTransactionType: HistoryTransaction>: Sendable {
    /// The transactions to return; nil: all of them.
    public var predicate: Predicate<HistoryTransactionType>?
    /// The order of the results; by default, the order of the saves.
    public var sortBy: [SortDescriptor<HistoryTransactionType>]
    /// At most this many transactions, after sorting; nil: no limit.
    public var fetchLimit: Int?

    /// Creates a descriptor of the transactions `predicate` selects, in the order of `sortBy`.
    ///
    /// - Parameters:
    ///   - predicate: The transactions to return; nil for all of them.
    ///   - sortBy: The order of the results; empty for the order of the saves.
    public init(
        predicate: Predicate<HistoryTransactionType>? = nil, sortBy: [SortDescriptor<HistoryTransactionType>] = []
    ) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
