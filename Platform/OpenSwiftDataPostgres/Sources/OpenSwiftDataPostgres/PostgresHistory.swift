import Foundation
import Logging
import OpenSwiftData
import PostgresNIO

/// The store's history (``PostgresStore/fetchHistory(_:)``), in two tables of its namespace,
/// written by each save in its own transaction, so that a change is never stored without its
/// history or the other way round. It records what the SQLite store's history records, in
/// the same form:
/// - `_openswiftdata_history_transactions (id, timestamp, author, bundle, process)`, whose
///   `id` is the saving transaction's PostgreSQL transaction ID (`txid_current()`);
/// - `_openswiftdata_history_changes (transaction_id, position, kind, entity, first_key,
///   last_key, properties, tombstone)`: `kind` 0 insert, 1 update, 2 delete; inserts of
///   consecutive keys of one entity in one row; an update's written properties,
///   comma-separated; a delete's `.preserveValueOnDeletion` values as JSON.
///
/// Processes commit their saves in any order, so a later transaction ID may commit first. A
/// read returns only the transactions older than every transaction still running in the
/// database: one that commits later can never have a smaller identifier than one a reader
/// has seen, and a reader that keeps the last token it read skips none. A save is read once
/// every transaction of the database that began writing before it has ended.
enum PostgresHistory {
    static let transactionsTable = "_openswiftdata_history_transactions"
    static let changesTable = "_openswiftdata_history_changes"
    static let tableNames = [transactionsTable, changesTable]

    /// One recorded change, before it is written: models of `entity` with the keys
    /// `first...last`.
    struct Entry: Equatable {
        let kind: HistoryChange.Kind
        let entity: String
        let first: Int64
        let last: Int64
        /// An update's written properties, comma-separated; empty for others.
        var properties = ""
        /// A delete's preserved values as JSON (``tombstoneJSON(_:)``); empty for none.
        var tombstone = ""
    }

    /// The statements that make the history's tables where they are missing.
    static func creationSQL(_ tables: PostgresTables) -> [String] {
        let transactions = tables.table(transactionsTable)
        return [
            "CREATE TABLE IF NOT EXISTS \(transactions) (id bigint PRIMARY KEY, timestamp double precision NOT NULL, "
                + "author text, bundle text NOT NULL, process text NOT NULL)",
            "CREATE TABLE IF NOT EXISTS \(tables.table(changesTable)) (transaction_id bigint NOT NULL "
                + "REFERENCES \(transactions) (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED, "
                + "position integer NOT NULL, "
                + "kind smallint NOT NULL, entity text NOT NULL, first_key bigint NOT NULL, last_key bigint NOT NULL, "
                + "properties text, tombstone text, PRIMARY KEY (transaction_id, position))",
        ]
    }

    /// What a save changed, in the order the SQLite store's history lists it: a delete per
    /// deleted model with its preserved values; the inserts as runs of consecutive keys per
    /// entity, an upsert as an update of every column; an update per changed model with the
    /// properties the context changed.
    ///
    /// - Parameters:
    ///   - save: The save's models, as the context handed them.
    ///   - remapped: The permanent identifier of each inserted model.
    ///   - upserts: The inserted models written onto stored rows.
    ///   - schema: The store's schema.
    static func entries(
        of save: DataStoreSaveChangesRequest<DefaultSnapshot>, remapped: [PersistentIdentifier: PersistentIdentifier],
        upserts: Set<PersistentIdentifier>, schema: Schema
    ) throws -> [Entry] {
        var entries: [Entry] = []
        for snapshot in save.deleted {
            let identifier = snapshot.persistentIdentifier
            guard let key = identifier.dataStoreIntegerKey, !identifier.isTemporary else { continue }
            var preserved: [String: StoredValue] = [:]
            for name in schema.preservedAttributeNames(ofEntity: identifier.entityName) {
                guard case .attribute(let value)? = snapshot.values[name], value != .notRead else { continue }
                preserved[name] = value
            }
            entries.append(
                Entry(
                    kind: .delete, entity: identifier.entityName, first: key, last: key,
                    tombstone: preserved.isEmpty ? "" : try tombstoneJSON(preserved)))
        }
        var runs: [Entry] = []
        for snapshot in save.inserted {
            guard let identifier = remapped[snapshot.persistentIdentifier], let key = identifier.dataStoreIntegerKey
            else { continue }
            let entity = identifier.entityName
            if upserts.contains(snapshot.persistentIdentifier) {
                let names = schema.columnPropertyNames(ofEntity: entity).joined(separator: ",")
                entries.append(Entry(kind: .update, entity: entity, first: key, last: key, properties: names))
            } else if let run = runs.last, run.entity == entity, run.last + 1 == key {
                runs[runs.count - 1] = Entry(kind: .insert, entity: entity, first: run.first, last: key)
            } else {
                runs.append(Entry(kind: .insert, entity: entity, first: key, last: key))
            }
        }
        entries += runs
        for snapshot in save.updated {
            let identifier = snapshot.persistentIdentifier
            guard let key = identifier.dataStoreIntegerKey else { continue }
            let entity = identifier.entityName
            let changed = save.changedProperties[identifier] ?? Set(schema.columnPropertyNames(ofEntity: entity))
            let names = schema.inDeclarationOrder(changed, ofEntity: entity).joined(separator: ",")
            entries.append(Entry(kind: .update, entity: entity, first: key, last: key, properties: names))
        }
        return entries
    }

    /// Writes a transaction and its changes, in the save's transaction; nothing when there
    /// are no changes.
    static func record(
        _ entries: [Entry], author: String?, tables: PostgresTables, on connection: PostgresConnection, logger: Logger
    ) async throws {
        guard !entries.isEmpty else { return }
        var binds = transactionRowBinds(author: author)
        binds.append(entries.map { Int64($0.kind.rawValue) })
        binds.append(entries.map(\.entity))
        binds.append(entries.map(\.first))
        binds.append(entries.map(\.last))
        binds.append(entries.map(\.properties))
        binds.append(entries.map(\.tombstone))
        // The saves of a migration's custom stage share its transaction: the later ones add
        // their changes to the first one's (its row made once, ``transactionRowSQL(_:where:)``).
        let changes = tables.table(changesTable)
        let sql = """
            WITH t AS (\(transactionRowSQL(tables))) \
            INSERT INTO \(changes) (transaction_id, position, kind, entity, first_key, last_key, properties, tombstone) \
            SELECT txid_current(), (SELECT count(*) FROM \(changes) WHERE transaction_id = txid_current()) + c.n - 1, \
            c.kind, c.entity, c.first_key, c.last_key, NULLIF(c.properties, ''), NULLIF(c.tombstone, '') \
            FROM unnest($5::bigint[], $6::text[], $7::bigint[], $8::bigint[], $9::text[], $10::text[]) \
            WITH ORDINALITY AS c (kind, entity, first_key, last_key, properties, tombstone, n)
            """
        try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    }

    /// Records the deletion of every model the tables hold, in the transaction that is about
    /// to empty them, as the SQLite store's erasure records it: a delete per model, under its
    /// own entity, with its preserved values; nothing when the tables hold none.
    static func recordErasure(
        tables: PostgresTables, schema: Schema, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let changes = tables.table(changesTable)
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        // In the schema's order of entities, as the SQLite store's erasure.
        for entity in schema.entities.map(\.name) {
            guard let layout = tables.layouts[entity] else { continue }
            let (root, name) = (layout.rootEntityName, literal(entity))
            let tombstone = schema.preservedAttributeNames(ofEntity: entity).map { column in
                "jsonb_build_object(\(literal(column)), "
                    + tombstoneValueSQL(column, type: PostgresTables.columnType(of: column, in: layout)) + ")"
            }
            let own =
                tables.isHierarchy(root)
                ? " WHERE \(PostgresTables.quote(PostgresTables.entityColumn)) = \(name)" : ""
            let sql = """
                INSERT INTO \(changes) (transaction_id, position, kind, entity, first_key, last_key, tombstone) \
                SELECT txid_current(), (SELECT count(*) FROM \(changes) WHERE transaction_id = txid_current()) \
                + row_number() OVER (ORDER BY \(primaryKey)) - 1, \(HistoryChange.Kind.delete.rawValue), \
                \(name), \(primaryKey), \(primaryKey), \
                \(tombstone.isEmpty ? "NULL" : "(" + tombstone.joined(separator: " || ") + ")::text") \
                FROM \(tables.table(root))\(own)
                """
            try await connection.statement(PostgresQuery(unsafeSQL: sql), logger: logger)
        }
        let sql = transactionRowSQL(
            tables, where: "EXISTS (SELECT 1 FROM \(changes) WHERE transaction_id = txid_current())")
        try await connection.statement(
            PostgresQuery(unsafeSQL: sql, binds: transactionRowBinds(author: nil)), logger: logger)
    }

    /// The `INSERT` of the current transaction's row (`$1`…`$4`: ``transactionRowBinds(author:)``),
    /// when `condition` holds; nothing when the row is there: the saves of a migration's custom
    /// stage, and an erasure among them, share the migration's transaction.
    private static func transactionRowSQL(_ tables: PostgresTables, where condition: String = "TRUE") -> String {
        "INSERT INTO \(tables.table(transactionsTable)) (id, timestamp, author, bundle, process) "
            + "SELECT txid_current(), $1, $2, $3, $4 WHERE \(condition) ON CONFLICT (id) DO NOTHING"
    }

    /// The parameters of ``transactionRowSQL(_:where:)``: the time, the author, the program
    /// and the process.
    private static func transactionRowBinds(author: String?) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(Date().timeIntervalSince1970)
        binds.append(author)
        binds.append(Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName)
        binds.append(String(ProcessInfo.processInfo.processIdentifier))
        return binds
    }

    /// A text literal for SQL.
    private static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A column's value as a tombstone's JSON holds it (``tombstoneJSON(_:)``), in SQL.
    private static func tombstoneValueSQL(_ column: String, type: String) -> String {
        let quoted = PostgresTables.quote(column)
        let value =
            switch type {
            case "bigint": "jsonb_build_object('integer', \(quoted))"
            case "double precision": "jsonb_build_object('real', \(quoted))"
            // JSONEncoder's base64, without the line breaks PostgreSQL's has.
            case "bytea": "jsonb_build_object('blob', translate(encode(\(quoted), 'base64'), E'\\n', ''))"
            default: "jsonb_build_object('text', \(quoted))"
            }
        return "CASE WHEN \(quoted) IS NULL THEN '{\"null\": null}'::jsonb ELSE \(value) END"
    }

    /// The transaction ID below which every transaction of the database has ended: the
    /// smallest ID of those still running in it (`pg_stat_activity.backend_xid`, made 64-bit
    /// as `txid_current()` gives it), else the next ID the server will give. Read after the
    /// next ID, so that a transaction given an ID in between is above it. Transactions of the
    /// server's other databases write no history here, and do not hold it back.
    private static func settledBelow(on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        var next: Int64 = 0
        for try await value in try await connection.statement(
            "SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint", logger: logger
        ).decode(Int64.self) {
            next = value
        }
        var binds = PostgresBindings()
        binds.append(next)
        // A 32-bit ID below `next` (by less than 2^31: the server keeps them so) is
        // `next` less their distance modulo 2^32.
        let running = try await connection.statement(
            PostgresQuery(
                unsafeSQL: """
                    SELECT min($1 - (($1 % 4294967296) - backend_xid::text::bigint + 4294967296) % 4294967296) \
                    FROM pg_stat_activity WHERE datname = current_database() AND backend_xid IS NOT NULL
                    """, binds: binds), logger: logger)
        for try await oldest in running.decode(Int64?.self) {
            if let oldest { next = min(next, oldest) }
        }
        return next
    }

    /// Every transaction older than all those still running in the database, oldest first,
    /// with its changes. A change of an entity the schema does not have (any more) is left out.
    static func transactions(
        schema: Schema, tables: PostgresTables, store: String, on connection: PostgresConnection, logger: Logger
    ) async throws -> [DefaultHistoryTransaction] {
        var binds = PostgresBindings()
        binds.append(try await settledBelow(on: connection, logger: logger))
        var changes: [Int64: [HistoryChange]] = [:]
        let changeRows = try await connection.statement(
            PostgresQuery(
                unsafeSQL: "SELECT transaction_id, kind, entity, first_key, last_key, properties, tombstone "
                    + "FROM \(tables.table(changesTable)) WHERE transaction_id < $1 ORDER BY transaction_id, position",
                binds: binds), logger: logger)
        for try await (transaction, kind, entity, first, last, properties, tombstone) in changeRows.decode(
            (Int64, Int16, String, Int64, Int64, String?, String?).self)
        {
            guard let kind = HistoryChange.Kind(rawValue: Int(kind)), let modelType = schema.modelType(ofEntity: entity)
            else { continue }
            let names = properties?.split(separator: ",").map(String.init) ?? []
            let preserved = try tombstone.map(tombstoneValues) ?? [:]
            var recorded = changes[transaction, default: []]
            for key in first...last {
                recorded.append(
                    .recorded(
                        kind, of: modelType, identifier: try PostgresRows.identifier(entity, key, store: store),
                        changeIdentifier: Int64(recorded.count), transactionIdentifier: transaction,
                        properties: names, preserved: preserved))
            }
            changes[transaction] = recorded
        }
        var transactions: [DefaultHistoryTransaction] = []
        let rows = try await connection.statement(
            PostgresQuery(
                unsafeSQL: "SELECT id, timestamp, author, bundle, process FROM \(tables.table(transactionsTable)) "
                    + "WHERE id < $1 ORDER BY id",
                binds: binds), logger: logger)
        for try await (id, timestamp, author, bundle, process) in rows.decode(
            (Int64, Double, String?, String, String).self)
        {
            transactions.append(
                DefaultHistoryTransaction(
                    changes: changes[id] ?? [], transactionIdentifier: id, author: author, bundleIdentifier: bundle,
                    processIdentifier: process, storeIdentifier: store,
                    timestamp: Date(timeIntervalSince1970: timestamp)))
        }
        return transactions
    }

    /// Deletes these transactions and their changes.
    static func delete(
        _ transactions: [Int64], tables: PostgresTables, on connection: PostgresConnection, logger: Logger
    ) async throws {
        var binds = PostgresBindings()
        binds.append(transactions)
        try await connection.statement(
            PostgresQuery(unsafeSQL: "DELETE FROM \(tables.table(transactionsTable)) WHERE id = ANY($1)", binds: binds),
            logger: logger)
    }

    /// Preserved values as a tombstone column holds them: JSON, each value in the form of a
    /// snapshot's attribute (`{"title": {"text": "…"}}`).
    static func tombstoneJSON(_ values: [String: StoredValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(values.mapValues(SnapshotValue.attribute))
        return String(decoding: data, as: UTF8.self)
    }

    /// The values a tombstone column holds.
    private static func tombstoneValues(_ json: String) throws -> [String: StoredValue] {
        try JSONDecoder().decode([String: SnapshotValue].self, from: Data(json.utf8)).compactMapValues { value in
            guard case .attribute(let stored) = value else { return nil }
            return stored
        }
    }
}
