internal import GRDB

/// What a sync engine keeps in the store beside the models, written in the same SQLite
/// transactions as the changes it applies: a **record name** per synced row, and named
/// values (cursors, the device's identifier, the last sync time).
///
/// A record name is a row's global identifier, as a CloudKit record name is: the same on
/// every machine that holds the record, independent of the row's primary key, which
/// differs between stores. A row keeps its record name after it is deleted, until the
/// engine removes it, so that the engine can still name the record it must delete on the
/// other machines (primary keys are never given to a second row, so it stays unambiguous).
///
/// Two tables, created by the first write:
/// - `openswiftdata_sync_records(entity, key, record_name, versions, origin)`: one row per
///   named model, with what the engine knows of its record's versions and where the record
///   was first written (texts of the engine's; a store an earlier release created gets the
///   columns at its first write);
/// - `openswiftdata_sync_values(name, value)`;
/// - `openswiftdata_sync_deletions(record_name, entity, version)`: the records the engine
///   saw deleted, with the deletion's version (text of the engine's, compared bytewise), kept
///   until the engine forgets them; created by the first deletion noted.
///
/// An instance is handed to the closure of ``ModelContainer/performSyncTransaction(author:_:)``
/// or ``ModelContainer/readSyncMetadata(_:)`` and is valid only inside it.
///
/// ## Topics
///
/// ### Record names
///
/// - ``recordName(of:)``
/// - ``recordNames(ofEntity:)``
/// - ``recordNames(ofEntity:from:below:)``
/// - ``recordNameCount()``
/// - ``identifier(ofRecordNamed:)``
/// - ``setRecordName(_:of:)``
/// - ``removeRecordName(of:)``
///
/// ### Values
///
/// - ``value(named:)``
/// - ``setValue(_:named:)``
///
/// ### Record versions
///
/// - ``recordVersions(of:)``
/// - ``allRecordVersions()``
/// - ``setRecordVersions(_:of:)``
///
/// ### Record origins
///
/// - ``allRecordOrigins()``
///
/// ### Deletions
///
/// - ``noteDeletion(ofRecordNamed:entity:version:)``
/// - ``deletions()``
/// - ``forgetDeletions(below:)``
package final class SyncMetadata {
    static let recordsTable = "openswiftdata_sync_records"
    static let valuesTable = "openswiftdata_sync_values"
    static let deletionsTable = "openswiftdata_sync_deletions"

    private static let creationSQL = [
        """
        CREATE TABLE IF NOT EXISTS \(recordsTable) (entity TEXT NOT NULL, key INTEGER NOT NULL, \
        record_name TEXT NOT NULL UNIQUE, versions TEXT, origin TEXT, PRIMARY KEY (entity, key)) WITHOUT ROWID
        """,
        "CREATE TABLE IF NOT EXISTS \(valuesTable) (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)",
    ]

    private let db: Database
    private let storeIdentifier: String
    private let isWritable: Bool
    private var tablesExist: Bool
    /// Which columns added since the first release the records table has (one an earlier
    /// release made may lack them), by name, as SQLite was asked once (``hasColumn(_:)``).
    private var columns: [String: Bool] = [:]
    /// Whether the deletions table exists; nil until a deletions call asks.
    private var hasDeletions: Bool?

    init(db: Database, storeIdentifier: String, isWritable: Bool) throws {
        self.db = db
        self.storeIdentifier = storeIdentifier
        self.isWritable = isWritable
        self.tablesExist = try db.tableExists(Self.recordsTable) && db.tableExists(Self.valuesTable)
    }

    // MARK: Record names

    /// The record name of a stored model, if it has one.
    ///
    /// - Parameter identifier: The model's identifier; a temporary one has no record name.
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func recordName(of identifier: PersistentIdentifier) throws -> String? {
        guard tablesExist, let key = identifier.primaryKey else { return nil }
        return try String.fetchOne(
            db.cachedStatement(sql: "SELECT record_name FROM \(Self.recordsTable) WHERE entity = ? AND key = ?"),
            arguments: [identifier.entityName, key])
    }

    /// Every record name given to models of an entity (deleted ones included, until
    /// removed), by model.
    ///
    /// - Parameter entityName: The entity's name.
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func recordNames(ofEntity entityName: String) throws -> [PersistentIdentifier: String] {
        guard tablesExist else { return [:] }
        var names: [PersistentIdentifier: String] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT key, record_name FROM \(Self.recordsTable) WHERE entity = ?", arguments: [entityName])
        while let row = try rows.next() {
            names[identifier(entity: entityName, key: row[0])] = row[1]
        }
        return names
    }

    /// The record names given to models of an entity that fall in a range, compared
    /// bytewise as text (deleted models included, until removed), by model: a part of an
    /// entity's names, read through the names' index without reading the others.
    ///
    /// - Parameters:
    ///   - entityName: The entity's name.
    ///   - lowest: The lowest name of the range.
    ///   - limit: The first name past the range; nil for no bound.
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func recordNames(ofEntity entityName: String, from lowest: String, below limit: String?) throws
        -> [PersistentIdentifier: String]
    {
        guard tablesExist else { return [:] }
        var names: [PersistentIdentifier: String] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: "SELECT key, record_name FROM \(Self.recordsTable) WHERE record_name >= ? "
                + "AND (? IS NULL OR record_name < ?) AND entity = ?",
            arguments: [lowest, limit, limit, entityName])
        while let row = try rows.next() {
            names[identifier(entity: entityName, key: row[0])] = row[1]
        }
        return names
    }

    /// How many record names were given to models of every entity (deleted ones included,
    /// until removed).
    ///
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func recordNameCount() throws -> Int {
        guard tablesExist else { return 0 }
        return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(Self.recordsTable)") ?? 0
    }

    /// The model a record name was given to.
    ///
    /// - Parameter recordName: The record name.
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func identifier(ofRecordNamed recordName: String) throws -> PersistentIdentifier? {
        guard tablesExist,
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT entity, key FROM \(Self.recordsTable) WHERE record_name = ?"),
                arguments: [recordName])
        else { return nil }
        return identifier(entity: row[0], key: row[1])
    }

    /// Gives a stored model a record name. A name names one model: a model that had
    /// this name before loses it, and the model's previous name is replaced.
    ///
    /// - Parameters:
    ///   - recordName: The record name.
    ///   - identifier: The model's identifier, which must be permanent.
    ///   - versions: What the engine knows of the record's versions (``setRecordVersions(_:of:)``);
    ///     nil for nothing.
    ///   - origin: Where the record was first written, as text of the engine's
    ///     (``allRecordOrigins()``); nil for nothing.
    /// - Throws: ``SwiftDataError`` when `identifier` is temporary (the model was never saved);
    ///   ``SwiftDataError/saveNotAllowed`` when the tables are not there yet and the metadata
    ///   is read-only (``ModelContainer/readSyncMetadata(_:)``); otherwise the SQLite error of
    ///   a failed write.
    package func setRecordName(
        _ recordName: String, of identifier: PersistentIdentifier, versions: String? = nil, origin: String? = nil
    ) throws {
        guard let key = identifier.primaryKey else {
            throw SwiftDataError.invalidModel(
                entity: identifier.entityName, reason: "a record name needs a saved model (a permanent identifier)")
        }
        try createTables()
        try addColumn("versions")
        try addColumn("origin")
        try db.cachedStatement(sql: "DELETE FROM \(Self.recordsTable) WHERE record_name = ?").execute(
            arguments: [recordName])
        try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO \(Self.recordsTable) (entity, key, record_name, versions, origin) "
                + "VALUES (?, ?, ?, ?, ?)"
        ).execute(arguments: [identifier.entityName, key, recordName, versions, origin])
    }

    /// Forgets a model's record name.
    ///
    /// - Parameter identifier: The model's identifier.
    /// - Throws: The SQLite error of a failed write, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func removeRecordName(of identifier: PersistentIdentifier) throws {
        guard tablesExist, let key = identifier.primaryKey else { return }
        try db.cachedStatement(sql: "DELETE FROM \(Self.recordsTable) WHERE entity = ? AND key = ?").execute(
            arguments: [identifier.entityName, key])
    }

    // MARK: Values

    /// A named value, if it was set.
    ///
    /// - Parameter name: The value's name.
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func value(named name: String) throws -> String? {
        guard tablesExist else { return nil }
        return try String.fetchOne(
            db.cachedStatement(sql: "SELECT value FROM \(Self.valuesTable) WHERE name = ?"), arguments: [name])
    }

    /// Sets a named value; nil removes it.
    ///
    /// - Parameters:
    ///   - value: The value; nil to remove it.
    ///   - name: The value's name.
    /// - Throws: ``SwiftDataError/saveNotAllowed`` when the tables are not there yet and the
    ///   metadata is read-only (``ModelContainer/readSyncMetadata(_:)``); otherwise the SQLite
    ///   error of a failed write.
    package func setValue(_ value: String?, named name: String) throws {
        guard let value else {
            if tablesExist {
                try db.execute(sql: "DELETE FROM \(Self.valuesTable) WHERE name = ?", arguments: [name])
            }
            return
        }
        try createTables()
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(Self.valuesTable) (name, value) VALUES (?, ?)", arguments: [name, value])
    }

    // MARK: Record versions

    /// What the engine noted of the versions of a model's record, if it noted anything.
    ///
    /// - Parameter identifier: The model's identifier.
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func recordVersions(of identifier: PersistentIdentifier) throws -> String? {
        guard try hasColumn("versions"), let key = identifier.primaryKey else { return nil }
        return try String.fetchOne(
            db.cachedStatement(sql: "SELECT versions FROM \(Self.recordsTable) WHERE entity = ? AND key = ?"),
            arguments: [identifier.entityName, key])
    }

    /// Every record's versions the engine noted, by record name.
    ///
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func allRecordVersions() throws -> [String: String] {
        try textsByRecordName(inColumn: "versions")
    }

    /// Notes the versions of a named model's record; nil forgets them. A model without a
    /// record name has none to note.
    ///
    /// - Parameters:
    ///   - versions: The versions, as text of the engine's; nil to forget them.
    ///   - identifier: The model's identifier.
    /// - Throws: ``SwiftDataError/saveNotAllowed`` when the column is not there yet and the
    ///   metadata is read-only (``ModelContainer/readSyncMetadata(_:)``); otherwise the SQLite
    ///   error of a failed write.
    package func setRecordVersions(_ versions: String?, of identifier: PersistentIdentifier) throws {
        guard tablesExist, let key = identifier.primaryKey else { return }
        try addColumn("versions")
        try db.cachedStatement(sql: "UPDATE \(Self.recordsTable) SET versions = ? WHERE entity = ? AND key = ?")
            .execute(arguments: [versions, identifier.entityName, key])
    }

    // MARK: Record origins

    /// Every record's origin the engine noted (``setRecordName(_:of:versions:origin:)``), by
    /// record name.
    ///
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func allRecordOrigins() throws -> [String: String] {
        try textsByRecordName(inColumn: "origin")
    }

    // MARK: Deletions

    /// A record the engine saw deleted: its name, its entity, and the deletion's version.
    package struct Deletion: Equatable, Sendable {
        /// The record's name.
        package let recordName: String
        /// The entity of the model the record was.
        package let entity: String
        /// The deletion's version, as text of the engine's.
        package let version: String
    }

    /// Notes that a record was deleted, at `version`, over an earlier note of it.
    ///
    /// - Parameters:
    ///   - recordName: The record's name.
    ///   - entity: The entity of the model the record was.
    ///   - version: The deletion's version, as text of the engine's that sorts bytewise.
    /// - Throws: ``SwiftDataError/saveNotAllowed`` when the metadata is read-only
    ///   (``ModelContainer/readSyncMetadata(_:)``); otherwise the SQLite error of a failed write.
    package func noteDeletion(ofRecordNamed recordName: String, entity: String, version: String) throws {
        guard isWritable else { throw SwiftDataError.saveNotAllowed }
        try createDeletionsTable()
        try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO \(Self.deletionsTable) (record_name, entity, version) VALUES (?, ?, ?)"
        ).execute(arguments: [recordName, entity, version])
    }

    /// Every deletion noted and not forgotten, in the order of the records' names.
    ///
    /// - Throws: The SQLite error of a failed read, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func deletions() throws -> [Deletion] {
        guard try hasDeletionsTable() else { return [] }
        return try Row.fetchAll(
            db, sql: "SELECT record_name, entity, version FROM \(Self.deletionsTable) ORDER BY record_name"
        ).map { Deletion(recordName: $0[0], entity: $0[1], version: $0[2]) }
    }

    /// Forgets the deletions whose versions sort bytewise below `version`.
    ///
    /// - Parameter version: The lowest version kept.
    /// - Throws: The SQLite error of a failed write, as the store reported it (not a
    ///   ``SwiftDataError``).
    package func forgetDeletions(below version: String) throws {
        guard try hasDeletionsTable() else { return }
        try db.cachedStatement(sql: "DELETE FROM \(Self.deletionsTable) WHERE version < ?").execute(
            arguments: [version])
    }

    // MARK: Private

    private func createDeletionsTable() throws {
        guard try !hasDeletionsTable() else { return }
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS \(Self.deletionsTable) (record_name TEXT PRIMARY KEY NOT NULL, \
                entity TEXT NOT NULL, version TEXT NOT NULL) WITHOUT ROWID
                """)
        hasDeletions = true
    }

    /// Whether the deletions table exists, asked of SQLite once.
    private func hasDeletionsTable() throws -> Bool {
        if let hasDeletions { return hasDeletions }
        let found = try db.tableExists(Self.deletionsTable)
        hasDeletions = found
        return found
    }

    private func createTables() throws {
        guard !tablesExist else { return }
        guard isWritable else { throw SwiftDataError.saveNotAllowed }
        for statement in Self.creationSQL { try db.execute(sql: statement) }
        tablesExist = true
        columns = ["versions": true, "origin": true]
    }

    /// The texts the records table holds in `column` (`versions`, `origin`), by record name;
    /// none when a table an earlier release made lacks the column.
    private func textsByRecordName(inColumn column: String) throws -> [String: String] {
        guard try hasColumn(column) else { return [:] }
        var texts: [String: String] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT record_name, \(column) FROM \(Self.recordsTable) WHERE \(column) IS NOT NULL")
        while let row = try rows.next() { texts[row[0]] = row[1] }
        return texts
    }

    /// Adds a text column (`versions`, `origin`) to a records table an earlier release made.
    private func addColumn(_ name: String) throws {
        guard try !hasColumn(name) else { return }
        guard isWritable else { throw SwiftDataError.saveNotAllowed }
        try db.execute(sql: "ALTER TABLE \(Self.recordsTable) ADD COLUMN \(name) TEXT")
        columns[name] = true
    }

    /// Whether the records table has the column `name`, asked of SQLite once.
    private func hasColumn(_ name: String) throws -> Bool {
        if let known = columns[name] { return known }
        let found = try tablesExist && db.columns(in: Self.recordsTable).contains { $0.name == name }
        columns[name] = found
        return found
    }

    private func identifier(entity: String, key: Int64) -> PersistentIdentifier {
        PersistentIdentifier(entityName: entity, storeIdentifier: storeIdentifier, key: .permanent(key))
    }
}
