import Foundation
import OpenSwiftData

/// What a store's file holds, read without writing to it (``StoreMaintenance/status(of:in:)``).
public struct StoreStatus: Sendable, Hashable {
    /// Whether the file is there and can be read as a store.
    public enum State: Sendable, Hashable {
        /// No file.
        case missing
        /// A file of zero bytes.
        case empty
        /// A file that is not a store of models: another SQLite database, or no database.
        case notAModelStore
        /// A database that cannot be read, and why.
        case unreadable(reason: String)
        /// A store of models, at any version (``StoreMaintenance/checkSchema(of:in:)``
        /// says whether it will migrate).
        case readable
    }

    /// The store's file.
    public let url: URL
    /// Whether the file is there and can be read as a store.
    public let state: State
    /// The version the store is stamped with; nil for a cache or an unreadable store.
    public let schemaVersion: Schema.Version?
    /// The file's size, nil when it is missing.
    public let sizeBytes: Int?
    /// Rows per entity, empty unless ``state`` is ``State/readable``.
    public let rows: [EntityRows]
    /// The sum of ``rows``.
    public let totalRows: Int
    /// Whether this process could change the store (OpenSwiftData's `StoreFile.isWritable`).
    public let isWritable: Bool

    /// One entity of the store and how many rows it holds.
    public struct EntityRows: Sendable, Hashable {
        /// The entity's name, also its table's.
        public let entity: String
        /// How many rows the entity's table holds.
        public let rowCount: Int
    }
}
