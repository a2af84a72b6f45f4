import Foundation
internal import GRDB
import OpenSwiftData

/// The columns a store's tables really have, read from the file, for tests that check
/// what a migration left on disk beyond what the models and the recorded schema say (a
/// migration cut off half-way must leave no new column behind).
///
/// ```swift
/// #expect(try StoreColumns.attributes(ofEntity: "Note", in: storeURL) == ["text", "createdAt"])
/// ```
public enum StoreColumns {
    /// The columns of an entity's table, in the table's order, without the primary-key
    /// column OpenSwiftData adds to every table. Reads without writing to the store.
    ///
    /// - Parameters:
    ///   - entity: The entity's name, which is its table's name.
    ///   - url: The store file.
    /// - Returns: The column names.
    /// - Throws: The error of opening or reading the file (it is not a SQLite database,
    ///   or cannot be read), or an error when the store has no table for `entity`.
    public static func attributes(ofEntity entity: String, in url: URL) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            try db.columns(in: entity).map(\.name).filter { $0 != StoreFormat.primaryKeyColumn }
        }
    }
}
