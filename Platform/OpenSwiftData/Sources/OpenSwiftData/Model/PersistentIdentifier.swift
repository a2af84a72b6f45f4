import Synchronization

/// Identifies one model in one store, like SwiftData's `PersistentIdentifier`.
///
/// A model inserted but not yet saved has a temporary identifier; after its first save
/// the identifier is permanent and backed by the row's integer primary key, so it can
/// be sent to another context or actor and resolved with ``ModelContext/model(for:)``.
public struct PersistentIdentifier: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    enum Key: Hashable, Comparable, Codable, Sendable {
        case temporary(UInt64)
        case permanent(Int64)
        /// A custom store's key (``DataStore``), by its index in ``DataStoreKey/Interned``:
        /// the key stays a few bytes without references, which identifiers of SQLite rows
        /// copy, hash and compare as they did. Coded as the key itself
        /// (PersistentIdentifier+DataStoreKey.swift).
        case dataStore(Int64)
    }

    /// The name of the model's entity.
    public let entityName: String
    /// The store the row lives in; nil while the identifier is temporary.
    public let storeIdentifier: String?
    let key: Key

    /// The row's primary key, once the model has been saved; nil for a model of a custom
    /// store (``DataStore``), whose key is the store's.
    public var primaryKey: Int64? {
        if case .permanent(let value) = key { return value }
        return nil
    }

    /// Whether the model has not been saved yet.
    public var isTemporary: Bool {
        if case .temporary = key { return true }
        return false
    }

    public var description: String {
        switch key {
        case .temporary(let value): "\(entityName)/temporary/\(value)"
        case .permanent(let value): "\(entityName)/\(value)"
        case .dataStore(let index): "\(entityName)/\(storeIdentifier ?? "")/\(DataStoreKey.Interned.key(at: index))"
        }
    }

    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        (lhs.entityName, lhs.key) < (rhs.entityName, rhs.key)
    }

    static func temporary(entityName: String) -> PersistentIdentifier {
        PersistentIdentifier(
            entityName: entityName,
            storeIdentifier: nil,
            key: .temporary(temporaryCounter.add(1, ordering: .relaxed).newValue)
        )
    }

    private static let temporaryCounter = Atomic<UInt64>(0)
}
