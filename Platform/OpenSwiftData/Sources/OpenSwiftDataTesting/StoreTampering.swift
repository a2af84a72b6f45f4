import Foundation
internal import GRDB
import OpenSwiftData

/// Changes a store file as a newer release of a program would have left it, for tests of
/// what a program does with a store it must refuse. Tests outside OpenSwiftData use this
/// instead of writing OpenSwiftData's tables with SQL, so that only OpenSwiftData knows
/// its file format.
///
/// ```swift
/// try StoreTampering.makeLookNewer(at: storeURL, version: Schema.Version(9, 0, 0))
/// // StoreFile(url: storeURL).inspect(expecting: schema, migrationPlan: plan).state == .newer(…)
/// ```
public enum StoreTampering {
    /// Makes the store at `url` look written by a newer version of its models: every
    /// entity's recorded shape matches no version a program knows, and the store is
    /// stamped with `version`. With `column`, each entity's table also gets that column
    /// (as a text column), as a newer model's added attribute would.
    ///
    /// The store's files must not be open elsewhere; the write-ahead log is folded into
    /// the main file when the change is done, so the main file alone holds the result.
    ///
    /// - Parameters:
    ///   - url: The store file.
    ///   - version: The version the store is stamped with.
    ///   - column: A column to add to each entity's table, or `nil` to add none.
    /// - Throws: The error of opening or writing the file.
    public static func makeLookNewer(at url: URL, version: Schema.Version, addingColumn column: String? = nil)
        throws
    {
        let queue = try openQueue(url)
        try queue.write { db in
            if let column {
                let entities = try String.fetchAll(db, sql: "SELECT name FROM \(StoreFormat.entitiesTable)")
                for entity in entities {
                    try db.execute(
                        sql: "ALTER TABLE \(StoreFormat.quote(entity)) ADD COLUMN \(StoreFormat.quote(column)) TEXT")
                }
            }
            // No model's shape hashes to this value.
            try db.execute(sql: "UPDATE \(StoreFormat.entitiesTable) SET hash = 'ffffffffffffffff'")
            try db.execute(
                sql: "INSERT OR REPLACE INTO \(StoreFormat.metadataTable) (key, value) VALUES (?, ?)",
                arguments: [StoreFormat.schemaVersionKey, version.description])
        }
        try queue.close()
    }

    /// Moves the time of the store's latest saved transaction in its history by
    /// `seconds`, as a machine whose clock was that far off would have recorded it. The
    /// store may be open: the change is one write of the file, as another process's would be.
    ///
    /// - Parameters:
    ///   - url: The store file.
    ///   - seconds: How far to move the time; negative moves it back.
    ///   - author: Transactions saved with this author are passed over: the latest one saved
    ///     otherwise moves (another process's saves, made since, under their author, stay).
    /// - Throws: The error of opening or writing the file.
    public static func shiftLatestHistoryTransaction(
        at url: URL, by seconds: TimeInterval, passingOver author: String? = nil
    ) throws {
        let queue = try openQueue(url)
        try queue.write { db in
            let table = StoreFormat.historyTransactionsTable
            try db.execute(
                sql: """
                    UPDATE \(table) SET timestamp = timestamp + ? \
                    WHERE id = (SELECT max(id) FROM \(table) WHERE author IS NOT ? OR ? IS NULL)
                    """,
                arguments: [seconds, author, author])
        }
        try queue.close()
    }

    /// Sets an attribute of the models of an entity whose `key` attribute is `keyValue`,
    /// as another program writing the file would: no history is recorded, no context or
    /// observer learns of it. The store may be open.
    ///
    /// - Parameters:
    ///   - attribute: The attribute to set.
    ///   - entity: The entity of the models.
    ///   - value: The new value, or nil.
    ///   - key: The attribute that picks the models.
    ///   - keyValue: Its value in the models picked.
    ///   - url: The store file.
    /// - Throws: The error of opening or writing the file (an entity or attribute the
    ///   store does not have included).
    public static func setAttribute(
        _ attribute: String, ofEntity entity: String, to value: String?, where key: String, is keyValue: Int,
        at url: URL
    ) throws {
        try write(at: url) { db in
            try db.execute(
                sql: "UPDATE \(entity.quotedDatabaseIdentifier) SET \(attribute.quotedDatabaseIdentifier) = ? "
                    + "WHERE \(key.quotedDatabaseIdentifier) = ?",
                arguments: [value, keyValue])
        }
    }

    /// Deletes the models of an entity whose `key` attribute is `keyValue` from the file,
    /// as another program would: no history is recorded, no delete rule runs. The store
    /// may be open.
    ///
    /// - Parameters:
    ///   - entity: The entity of the models.
    ///   - key: The attribute that picks the models.
    ///   - keyValue: Its value in the models picked.
    ///   - url: The store file.
    /// - Throws: The error of opening or writing the file.
    public static func deleteModels(ofEntity entity: String, where key: String, is keyValue: Int, at url: URL)
        throws
    {
        try write(at: url) { db in
            try db.execute(
                sql: "DELETE FROM \(entity.quotedDatabaseIdentifier) WHERE \(key.quotedDatabaseIdentifier) = ?",
                arguments: [keyValue])
        }
    }

    private static func write(at url: URL, _ body: (Database) throws -> Void) throws {
        let queue = try openQueue(url)
        try queue.write(body)
        try queue.close()
    }

    /// A queue on the store file that waits for other connections' writes, as the store's own
    /// connections do, rather than fail with "database is locked" while another process saves.
    private static func openQueue(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        return try DatabaseQueue(path: url.path, configuration: configuration)
    }
}
