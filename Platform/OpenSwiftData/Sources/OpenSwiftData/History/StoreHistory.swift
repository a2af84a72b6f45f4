import Foundation
internal import GRDB

/// The store's history: a transaction row per save and its changes, written in the save's
/// own SQLite transaction, so that a change is never stored without its history or the
/// other way round. Writes that bypass a save record theirs the same way: erasing a
/// container (a deletion per model) and `StoreFile.copyRows(from:)` (an insert per model).
///
/// Three tables, created by the first save that records history:
/// - `openswiftdata_history_transactions(id, timestamp, author, bundle, process)`;
/// - `openswiftdata_history_changes(id, transaction_id, kind, entity, first_key, last_key,
///   properties)`: `kind` 0 insert, 1 update, 2 delete. Inserts of consecutive keys of one
///   entity are one row (`first_key`…`last_key`): a save of 100,000 new models adds one
///   row, not 100,000. `properties` lists an update's written properties, comma-separated;
/// - `openswiftdata_history_tombstones(change_id, property, value)`: a deleted model's
///   `.preserveValueOnDeletion` attributes, each value in its stored form.
enum StoreHistory {
    static let transactionsTable = "openswiftdata_history_transactions"
    static let changesTable = "openswiftdata_history_changes"
    static let tombstonesTable = "openswiftdata_history_tombstones"

    /// One recorded change, before it is written.
    enum Entry {
        /// Models of `entity` inserted with the keys `first...last`.
        case inserted(entity: String, first: Int64, last: Int64)
        case updated(entity: String, key: Int64, properties: [String])
        case deleted(entity: String, key: Int64, preserved: [(property: String, value: StoredValue)])
        /// Models of `entity` with the keys `first...last` deleted, none with preserved
        /// values (what erasing a store records for an entity without any).
        case deletedRun(entity: String, first: Int64, last: Int64)
    }

    private typealias Kind = HistoryChange.Kind

    private static let creationSQL = [
        """
        CREATE TABLE IF NOT EXISTS \(transactionsTable) (id INTEGER PRIMARY KEY AUTOINCREMENT, \
        timestamp REAL NOT NULL, author TEXT, bundle TEXT NOT NULL, process TEXT NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS \(changesTable) (id INTEGER PRIMARY KEY, transaction_id INTEGER NOT NULL, \
        kind INTEGER NOT NULL, entity TEXT NOT NULL, first_key INTEGER NOT NULL, last_key INTEGER NOT NULL, \
        properties TEXT)
        """,
        "CREATE INDEX IF NOT EXISTS openswiftdata_history_changes_transaction ON \(changesTable) (transaction_id)",
        """
        CREATE TABLE IF NOT EXISTS \(tombstonesTable) (change_id INTEGER NOT NULL, property TEXT NOT NULL, \
        value, PRIMARY KEY (change_id, property))
        """,
    ]

    /// Writes a transaction and its changes; nothing when there are no changes.
    static func record(_ entries: [Entry], author: String?, db: Database) throws {
        var recorder = Recorder(author: author)
        try recorder.append(entries, db: db)
    }

    /// Writes one transaction's changes as they come: the tables and the transaction row
    /// with the first change, none without. A save's bulk deletions stream theirs through
    /// it, so that a million deleted rows are never a million entries in memory.
    struct Recorder {
        private let author: String?
        private var transaction: Int64?
        private var insertChange: Statement?

        init(author: String?) {
            self.author = author
        }

        mutating func append(_ entries: [Entry], db: Database) throws {
            for entry in entries { try append(entry, db: db) }
        }

        mutating func append(_ entry: Entry, db: Database) throws {
            let (transaction, insertChange) = try started(db)
            switch entry {
            case .inserted(let entity, let first, let last):
                try insertChange.execute(arguments: [transaction, Kind.insert.rawValue, entity, first, last, nil])
            case .updated(let entity, let key, let properties):
                try insertChange.execute(arguments: [
                    transaction, Kind.update.rawValue, entity, key, key, properties.joined(separator: ","),
                ])
            case .deletedRun(let entity, let first, let last):
                try insertChange.execute(arguments: [transaction, Kind.delete.rawValue, entity, first, last, nil])
            case .deleted(let entity, let key, let preserved):
                try insertChange.execute(arguments: [transaction, Kind.delete.rawValue, entity, key, key, nil])
                let change = db.lastInsertedRowID
                for (property, value) in preserved {
                    try db.execute(
                        sql: "INSERT INTO \(tombstonesTable) (change_id, property, value) VALUES (?, ?, ?)",
                        arguments: [change, property, value.databaseValue])
                }
            }
        }

        /// Records the deletion of the rows of `entity` that `rows` reads, in key order,
        /// each row its key then the values of `preserved`: a change per row with its
        /// preserved values, or, without any, runs of consecutive keys (a change row each,
        /// as inserts are). Nothing is kept in memory but the current run.
        mutating func appendDeletions(
            of entity: EntityDescriptor, preserved: [PropertyDescriptor], rows: RowCursor,
            externalData: ExternalDataChanges?, db: Database
        ) throws {
            var run: (first: Int64, last: Int64)?
            while let row = try rows.next() {
                let key: Int64 = row[0]
                guard preserved.isEmpty else {
                    let values = try preserved.enumerated().map { offset, property in
                        let value = StoredValue(row[offset + 1] as DatabaseValue)
                        return (property: property.name, value: try externalData?.inlined(value, of: property) ?? value)
                    }
                    try append(.deleted(entity: entity.name, key: key, preserved: values), db: db)
                    continue
                }
                if let current = run, current.last + 1 == key {
                    run = (current.first, key)
                    continue
                }
                if let current = run {
                    try append(.deletedRun(entity: entity.name, first: current.first, last: current.last), db: db)
                }
                run = (key, key)
            }
            if let current = run {
                try append(.deletedRun(entity: entity.name, first: current.first, last: current.last), db: db)
            }
        }

        /// The transaction's row and the statement that adds a change to it, made on first use.
        private mutating func started(_ db: Database) throws -> (Int64, Statement) {
            if let transaction, let insertChange { return (transaction, insertChange) }
            for statement in creationSQL { try db.execute(sql: statement) }
            try db.execute(
                sql: "INSERT INTO \(transactionsTable) (timestamp, author, bundle, process) VALUES (?, ?, ?, ?)",
                arguments: [
                    Date().timeIntervalSince1970, author,
                    Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName,
                    String(ProcessInfo.processInfo.processIdentifier),
                ])
            let transaction = db.lastInsertedRowID
            let insertChange = try db.cachedStatement(
                sql: """
                    INSERT INTO \(changesTable) (transaction_id, kind, entity, first_key, last_key, properties) \
                    VALUES (?, ?, ?, ?, ?, ?)
                    """)
            self.transaction = transaction
            self.insertChange = insertChange
            return (transaction, insertChange)
        }
    }

    /// Records the deletion of every model stored in `db` of these entities, each under its
    /// own entity (the most derived one whose table has its row), with its preserved values:
    /// what erasing the store records. `externalData` inlines the files of preserved
    /// values, which go with the rows.
    static func recordDeletionsOfEveryModel(
        of entities: [EntityDescriptor], externalData: ExternalDataChanges?, into recorder: inout Recorder,
        db: Database
    ) throws {
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        for entity in entities {
            let preserved = preservedProperties(of: entity)
            let conditions = entities.filter { $0.superentity === entity }.map {
                "\(entity.keySQL) NOT IN (SELECT \(primaryKey) FROM \($0.quotedTable))"
            }
            let columns = [entity.keySQL] + preserved.map { entity.qualifiedColumn(of: $0.index) }
            let sql =
                "SELECT \(columns.joined(separator: ", ")) FROM \(entity.fromSQL)"
                + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
                + " ORDER BY \(entity.keySQL)"
            try recorder.appendDeletions(
                of: entity, preserved: preserved, rows: try Row.fetchCursor(db, sql: sql), externalData: externalData,
                db: db)
        }
    }

    /// The `.preserveValueOnDeletion` attributes of an entity, whose values a deletion's
    /// tombstone keeps.
    static func preservedProperties(of entity: EntityDescriptor) -> [PropertyDescriptor] {
        entity.properties.filter { $0.attribute?.metadata.options.contains(.preserveValueOnDeletion) == true }
    }

    /// Inserts of the models `keys` (sorted) of `entity`, as runs of consecutive keys.
    static func insertions(of entity: String, keys: [Int64]) -> [Entry] {
        runs(of: keys).map { .inserted(entity: entity, first: $0.first, last: $0.last) }
    }

    /// Sorted keys as runs of consecutive keys.
    private static func runs(of keys: [Int64]) -> [(first: Int64, last: Int64)] {
        var runs: [(first: Int64, last: Int64)] = []
        for key in keys {
            if let last = runs.last, last.last + 1 == key {
                runs[runs.count - 1].last = key
            } else {
                runs.append((key, key))
            }
        }
        return runs
    }

    /// Every recorded transaction, in the order of the saves. A change of an entity the
    /// schema does not have (any more) is left out.
    static func transactions(
        db: Database, storeIdentifier: String, entities: [String: EntityDescriptor]
    ) throws -> [DefaultHistoryTransaction] {
        guard try db.tableExists(transactionsTable) else { return [] }
        var changesByTransaction: [Int64: [HistoryChange]] = [:]
        let tombstones = try tombstoneValues(db: db)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, transaction_id, kind, entity, first_key, last_key, properties
                FROM \(changesTable) ORDER BY id
                """)
        while let row = try rows.next() {
            let transaction: Int64 = row["transaction_id"]
            guard let entity = entities[row["entity"]], let kind = Kind(rawValue: row["kind"]) else { continue }
            let id: Int64 = row["id"]
            let first: Int64 = row["first_key"]
            let last: Int64 = row["last_key"]
            let properties = (row["properties"] as String?)?.split(separator: ",").map(String.init) ?? []
            var changes = changesByTransaction[transaction, default: []]
            for key in first...last {
                changes.append(
                    HistoryChange.recorded(
                        kind, of: entity.modelType,
                        identifier: PersistentIdentifier(
                            entityName: entity.name, storeIdentifier: storeIdentifier, key: .permanent(key)),
                        changeIdentifier: Int64(changes.count), transactionIdentifier: transaction,
                        properties: properties, preserved: tombstones[id] ?? [:]))
            }
            changesByTransaction[transaction] = changes
        }
        return try Row.fetchAll(
            db, sql: "SELECT id, timestamp, author, bundle, process FROM \(transactionsTable) ORDER BY id"
        ).map { row in
            let id: Int64 = row["id"]
            return DefaultHistoryTransaction(
                changes: changesByTransaction[id] ?? [], transactionIdentifier: id, author: row["author"],
                bundleIdentifier: row["bundle"], processIdentifier: row["process"], storeIdentifier: storeIdentifier,
                timestamp: Date(timeIntervalSince1970: row["timestamp"]))
        }
    }

    /// Deletes the given transactions and their changes.
    static func delete(transactions: [Int64], db: Database) throws {
        guard try db.tableExists(transactionsTable) else { return }
        // Cached statements: a reader that deletes what it has read deletes thousands at once.
        let statements = try [
            db.cachedStatement(
                sql: """
                    DELETE FROM \(tombstonesTable) WHERE change_id IN \
                    (SELECT id FROM \(changesTable) WHERE transaction_id = ?)
                    """),
            db.cachedStatement(sql: "DELETE FROM \(changesTable) WHERE transaction_id = ?"),
            db.cachedStatement(sql: "DELETE FROM \(transactionsTable) WHERE id = ?"),
        ]
        for transaction in transactions {
            for statement in statements { try statement.execute(arguments: [transaction]) }
        }
    }

    private static func tombstoneValues(db: Database) throws -> [Int64: [String: StoredValue]] {
        var result: [Int64: [String: StoredValue]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT change_id, property, value FROM \(tombstonesTable)") {
            result[row["change_id"], default: [:]][row["property"]] = StoredValue(row["value"] as DatabaseValue)
        }
        return result
    }
}
