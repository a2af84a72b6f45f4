import Foundation
internal import GRDB

extension StoreFile {
    /// Adds every row of the store at `source` to this store, in one transaction, and
    /// returns how many rows were added. What moving a store to a new name needs when a
    /// store already exists under that name.
    ///
    /// The two stores must hold the same entities with the same shapes; anything else is
    /// refused with ``SwiftDataError/Cause/rowsNotCopied(from:into:reason:)`` and nothing
    /// is written. Copied rows get new primary keys, above any key this store has given,
    /// by one mapping per class hierarchy (a model's key plus the highest key its root
    /// entity has given here), which every table of the hierarchy, every relationship
    /// column and every join table follows: a subclass row stays with its superclass's
    /// row, and a link with the models it links. Every other column is copied as it is,
    /// and each external-data file a copied row names is copied into this store's support
    /// folder under a new name. The copy is recorded in the store's history, as a save's
    /// inserts are. Neither store may be open in a container.
    ///
    /// ```swift
    /// let added = try StoreFile(url: newURL).copyRows(from: legacyURL)
    /// ```
    ///
    /// - Parameter source: The main file of the store to copy from.
    /// - Throws: ``SwiftDataError`` with the cause
    ///   ``SwiftDataError/Cause/rowsNotCopied(from:into:reason:)`` when either store is
    ///   missing, when their entities differ, or when the copy fails; nothing is written then.
    ///   ``SwiftDataError`` when this store cannot be opened.
    @discardableResult
    public func copyRows(from source: URL) throws(SwiftDataError) -> Int {
        func refuse(_ reason: String) -> SwiftDataError {
            .rowsNotCopied(from: source.path, into: path, reason: reason)
        }
        guard exists else { throw refuse("there is no store to copy into") }
        let origin = StoreFile(url: source)
        guard origin.exists else { throw refuse("there is no store to copy from") }
        var configuration = Store.configuration()
        configuration.busyMode = .timeout(5)
        let queue = try SQLiteErrors.map(path: path) { try DatabaseQueue(path: path, configuration: configuration) }
            .get()
        defer { try? queue.close() }
        let externalData = ExternalDataChanges(folder: externalData)
        do {
            let sourceMetadata = try origin.readOnlyQueue().read { db in
                try RowCopyPlan.metadata(db, role: "the store to copy from", refuse: refuse)
            }
            return try queue.writeWithoutTransaction { db in
                try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [source.path])
                defer { try? db.execute(sql: "DETACH DATABASE source") }
                var added = 0
                try db.inTransaction(.immediate) {
                    let plan = try RowCopyPlan(db, source: sourceMetadata, refuse: refuse)
                    let offsets = try plan.reserveKeys(db)
                    for table in plan.tables {
                        let rows = try table.copy(
                            db, offsets: offsets, externalData: externalData, from: origin.externalData)
                        if table.root != nil { added += rows }
                    }
                    try StoreHistory.record(try plan.insertions(db, offsets: offsets), author: nil, db: db)
                    externalData.settle(in: db)
                    return .commit
                }
                return added
            }
        } catch let error as SwiftDataError {
            externalData.discardWritten()
            throw error
        } catch {
            externalData.discardWritten()
            throw refuse(Self.reason(error))
        }
    }
}

/// What `StoreFile.copyRows(from:)` copies: each entity table and join table of the
/// attached `source` store, checked against the `main` store.
///
/// Keys are mapped once per hierarchy of entities (a `@Model` class and its subclasses,
/// whose rows share one key across the tables of the hierarchy): a copied key is the
/// source's key plus the highest key the hierarchy's root has given in this store, in
/// every table of the hierarchy, in every to-one column that refers to one of its
/// entities and in every join table. So a subclass row stays with its superclass rows,
/// and a link with the models it links.
private struct RowCopyPlan {
    /// A table to copy: an entity's, or a join table's.
    struct Table {
        let name: String
        /// The columns other than the primary key, each with the hierarchy (by its root
        /// entity) whose keys it holds, or nil for a column copied as it is.
        let columns: [(name: String, keysOf: String?)]
        /// The hierarchy whose keys are the table's primary keys; nil for a join table.
        let root: String?

        /// Inserts the source's rows with their keys mapped by `offsets`. The
        /// external-data files the new rows name are copied from `source` into
        /// `externalData`'s folder, and the rows renamed to the copies, so that no two
        /// rows of a store share a file. Returns the rows added.
        func copy(
            _ db: Database, offsets: [String: Int64], externalData: ExternalDataChanges,
            from source: ExternalDataFolder
        ) throws -> Int {
            let key = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
            let table = EntityDescriptor.quote(name)
            func mapped(_ column: String, keysOf root: String?) -> String {
                guard let root else { return EntityDescriptor.quote(column) }
                return "\(EntityDescriptor.quote(column)) + \(offsets[root] ?? 0)"
            }
            var names = columns.map { EntityDescriptor.quote($0.name) }
            var values = columns.map { mapped($0.name, keysOf: $0.keysOf) }
            if let root {
                names.insert(key, at: 0)
                values.insert(mapped(EntityDescriptor.primaryKeyColumn, keysOf: root), at: 0)
            }
            // A join table's rowid order is its arrays' order.
            let order = root == nil ? "rowid" : key
            try db.execute(
                sql: """
                    INSERT INTO main.\(table) (\(names.joined(separator: ", "))) \
                    SELECT \(values.joined(separator: ", ")) FROM source.\(table) ORDER BY \(order)
                    """)
            let added = db.changesCount
            guard let root, added > 0, source.exists,
                let blobs = try ExternalDataRows.blobColumns(db).first(where: { $0.table == name })
            else { return added }
            let copied = try ExternalDataRows.references(
                db, table: name, columns: blobs.columns, where: "\(key) > ?", arguments: [offsets[root] ?? 0])
            for reference in copied {
                let newName = try externalData.copy(reference.fileName, from: source)
                try db.execute(
                    sql: "UPDATE main.\(table) SET \(EntityDescriptor.quote(reference.column)) = ? WHERE \(key) = ?",
                    arguments: [newName, reference.key])
            }
            return added
        }
    }

    /// Entity tables, then join tables.
    let tables: [Table]
    /// The shapes of the two stores' entities.
    let shapes: [String: EntityShape]
    /// The root entity of each hierarchy.
    let roots: [String]

    init(_ db: Database, source: StoredMetadata, refuse: (String) -> SwiftDataError) throws {
        let destination = try Self.metadata(db, role: "the store to copy into", refuse: refuse)
        guard source.hashes == destination.hashes else {
            let names = Set(source.hashes.keys).union(destination.hashes.keys).sorted()
            let differing = names.filter { source.hashes[$0] != destination.hashes[$0] }
            throw refuse("the stores' entities differ (differing entities: \(differing.joined(separator: ", ")))")
        }
        let shapes = destination.shapes
        func root(of name: String) -> String {
            var current = name
            var seen: Set<String> = [name]
            while let parent = shapes[current]?.superentity, seen.insert(parent).inserted { current = parent }
            return current
        }
        let joinTables = EntityShape.joinTables(in: shapes)
        let joinTableNames = Set(joinTables.map(\.name))
        let metadataPrefix = "openswiftdata_"
        if let extra = try StoreFile.tableNames(db, schema: "source").first(where: {
            !$0.hasPrefix(metadataPrefix) && destination.hashes[$0] == nil && !joinTableNames.contains($0)
        }) {
            throw refuse("the store to copy from has a table \(extra) that is not an entity")
        }
        var tables: [Table] = []
        for name in destination.hashes.keys.sorted() {
            let sourceColumns = try StoreFile.columnNames(db, schema: "source", table: name)
            let destinationColumns = try StoreFile.columnNames(db, schema: "main", table: name)
            guard sourceColumns.sorted() == destinationColumns.sorted() else {
                throw refuse("the columns of \(name) differ between the stores")
            }
            // A to-one relationship's column holds a key of its destination's hierarchy.
            var keysOf: [String: String] = [:]
            for relationship in shapes[name]?.relationships ?? [] where !relationship.isToMany {
                keysOf[relationship.name] = root(of: relationship.destination)
            }
            tables.append(
                Table(
                    name: name,
                    columns: destinationColumns.filter { $0 != EntityDescriptor.primaryKeyColumn }.map {
                        ($0, keysOf[$0])
                    },
                    root: root(of: name)))
        }
        for joinTable in joinTables {
            guard
                let relationship = shapes[joinTable.ownerEntity]?.relationships.first(where: {
                    $0.name == joinTable.ownerProperty
                })
            else { continue }
            let sourceColumns = try StoreFile.columnNames(db, schema: "source", table: joinTable.name)
            let destinationColumns = try StoreFile.columnNames(db, schema: "main", table: joinTable.name)
            // A store written before the relationship had links may lack the table.
            if sourceColumns.isEmpty { continue }
            guard sourceColumns.sorted() == ["source", "target"], destinationColumns.sorted() == ["source", "target"]
            else {
                throw refuse("the columns of \(joinTable.name) differ between the stores")
            }
            tables.append(
                Table(
                    name: joinTable.name,
                    columns: [
                        ("source", root(of: joinTable.ownerEntity)), ("target", root(of: relationship.destination)),
                    ],
                    root: nil))
        }
        self.tables = tables
        self.shapes = shapes
        self.roots = Set(destination.hashes.keys.map(root(of:))).sorted()
    }

    /// The offset that maps the keys of each hierarchy: the highest key its root has
    /// given in this store. Records the highest key each hierarchy has after the copy.
    func reserveKeys(_ db: Database) throws -> [String: Int64] {
        var offsets: [String: Int64] = [:]
        let key = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        for root in roots {
            let offset = try PrimaryKeySequence.highestKey(ofEntityNamed: root, db: db)
            offsets[root] = offset
            let highestCopied =
                try Int64.fetchOne(db, sql: "SELECT max(\(key)) FROM source.\(EntityDescriptor.quote(root))") ?? 0
            if highestCopied > 0 {
                try PrimaryKeySequence.record(offset + highestCopied, ofEntityNamed: root, db: db)
            }
        }
        return offsets
    }

    /// An insert of every copied model, under its own entity (the most derived one whose
    /// table has its row), for the store's history: a reader of the history, such as a
    /// sync, learns of the copied models as of a save's.
    func insertions(_ db: Database, offsets: [String: Int64]) throws -> [StoreHistory.Entry] {
        let key = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        var entries: [StoreHistory.Entry] = []
        for table in tables {
            guard let root = table.root else { continue }
            let subentities = shapes.values.filter { $0.superentity == table.name }.map(\.name).sorted()
            let conditions =
                ["\(key) > \(offsets[root] ?? 0)"]
                + subentities.map { "\(key) NOT IN (SELECT \(key) FROM main.\(EntityDescriptor.quote($0)))" }
            let keys = try Int64.fetchAll(
                db,
                sql: """
                    SELECT \(key) FROM main.\(EntityDescriptor.quote(table.name)) \
                    WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(key)
                    """)
            entries += StoreHistory.insertions(of: table.name, keys: keys)
        }
        return entries
    }

    /// The metadata of the store `db` reads, or a refusal when it is not a model store.
    static func metadata(_ db: Database, role: String, refuse: (String) -> SwiftDataError) throws -> StoredMetadata {
        guard try StoredMetadata.readHashes(from: db) != nil else {
            throw refuse("\(role) is not an OpenSwiftData store")
        }
        return try StoredMetadata.read(from: db)
    }
}
