import Foundation
import OpenSwiftData
import PostgresNIO

extension PostgresStore {
    /// Writes a context's inserted, changed and deleted models in one transaction. Each
    /// inserted model's primary key is one the database gives (its table's identity
    /// sequence), taken before the rows are written, so that each entity's new rows, their
    /// links to each other included, are written by a few multi-row `INSERT`s. An inserted
    /// model whose unique values are a stored row's updates that row instead (SwiftData's
    /// upsert, `PostgresUpserts`): it takes the row's identifier, and the save hands back
    /// the row as it leaves it, its other links included, for the context to show.
    ///
    /// The statements run in this order: changed rows, join-table links, deletions, new
    /// rows. A change that moves a model away from one deleted in the same save is written
    /// before the deletion's cascade, and a new model may take the unique value of a row the
    /// same save deletes.
    ///
    /// - Parameter request: The inserted, updated and deleted models, and the context that
    ///   saves.
    /// - Throws: `SwiftDataError.modelNotFound` naming a changed model whose row another
    ///   process deleted, or a model a relationship links to that another process deleted, as
    ///   the SQLite store does; ``PostgresStoreError`` when the server refuses the save (a
    ///   unique constraint) or fails. Nothing of the save is written then.
    public func save(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws
        -> DataStoreSaveChangesResult<DefaultSnapshot>
    {
        let (tables, identifier, origin, namespace, schema) = (tables, identifier, origin, name, schema)
        let (inserted, updated, deleted) = (request.inserted, request.updated, request.deleted)
        let (changed, asRead) = (request.changedProperties, request.snapshotsAsRead)
        let author = request.editingState.author
        let nested = migrationSession != nil
        let (remapped, upserted) = try withConnection { connection, logger in
            let (remapped, upserted, notices) = try await connection.inTransaction(logger: logger, nested: nested) {
                var writer = RowWriter(tables: tables, store: identifier, connection: connection, logger: logger)
                try await writer.assignKeys(inserted, deleting: deleted)
                try await writer.update(updated, changed: changed)
                try await writer.link(inserted, updated, changed: changed, asRead: asRead)
                try await writer.delete(deleted)
                try await writer.insert(inserted)
                try await writer.pairOneToOnes()
                try await writer.checkLinkedRowsExist()
                try await PostgresHistory.record(
                    try PostgresHistory.entries(
                        of: request, remapped: writer.remapped, upserts: writer.upserts, schema: schema),
                    author: author, tables: tables, on: connection, logger: logger)
                let notices = writer.notices(origin: origin, inserted: inserted, updated: updated, deleted: deleted)
                return (writer.remapped, try await writer.upsertedRows(), notices)
            }
            // In a migration, its commit (which a notice would make asynchronous) tells all.
            if !nested { await connection.send(notices, namespace: namespace, logger: logger) }
            return (remapped, upserted)
        }
        return DataStoreSaveChangesResult(
            for: identifier, remappedIdentifiers: remapped,
            snapshotsToReregister: Self.linkedToNewModels(inserted + updated, remapped: remapped).merging(upserted) {
                _, read in read
            })
    }

    /// The save's snapshots that link to a model it inserted, as the save wrote them: with
    /// the permanent identifiers. Handed back for the context to show, they are not handed to
    /// the store again with those identifiers (a second transaction, and a second change in
    /// the history).
    static func linkedToNewModels(
        _ snapshots: [DefaultSnapshot], remapped: [PersistentIdentifier: PersistentIdentifier]
    ) -> [PersistentIdentifier: DefaultSnapshot] {
        var linked: [PersistentIdentifier: DefaultSnapshot] = [:]
        for snapshot in snapshots where snapshot.refers(toAnyOf: remapped) {
            let identifier = remapped[snapshot.persistentIdentifier] ?? snapshot.persistentIdentifier
            linked[identifier] = snapshot.copy(persistentIdentifier: identifier, remappedIdentifiers: remapped)
        }
        return linked
    }
}

/// The statements of one save, on its transaction's connection.
struct RowWriter {
    let tables: PostgresTables
    let store: String
    let connection: PostgresConnection
    let logger: Logger
    /// The permanent identifier of each inserted model, by its temporary one.
    var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
    /// The inserted models that update a row (``PostgresUpserts``), by temporary identifier.
    private(set) var upserts: Set<PersistentIdentifier> = []
    /// The stored rows the save links to, by their table's entity and `_pk`, with the
    /// identifiers the links name (``checkLinkedRowsExist()``).
    private var linkedRows: [String: [Int64: PersistentIdentifier]] = [:]
    /// The models the save deletes: a link to one is written as none, as the deletion
    /// clears it.
    private var deleting: Set<PersistentIdentifier> = []
    /// The one-to-one columns the save writes (``pairOneToOnes()``).
    private var oneToOnes: [OneToOneWrite] = []

    init(tables: PostgresTables, store: String, connection: PostgresConnection, logger: Logger) {
        self.tables = tables
        self.store = store
        self.connection = connection
        self.logger = logger
    }

    private func layout(of snapshot: DefaultSnapshot) throws -> StoredEntityLayout {
        let entityName = snapshot.persistentIdentifier.entityName
        guard let layout = tables.layouts[entityName] else {
            throw PostgresStoreError.unsupported("models of \(entityName), which the store's schema does not list")
        }
        return layout
    }

    /// The `_pk` of a model of this store, or of one this save inserted.
    private func key(of identifier: PersistentIdentifier) throws -> Int64 {
        if let key = (remapped[identifier] ?? identifier).dataStoreIntegerKey { return key }
        throw PostgresStoreError.unsupported("a relationship to \(identifier.entityName) in another store")
    }

    /// The `_pk` a relationship's target is written as: nil for a model never saved that this
    /// save does not insert (inserted, then deleted before the save), which no row names,
    /// and for one this save deletes (a `.noAction` or `.deny` inverse still holds it), as
    /// the SQLite store writes none.
    private func linkKey(of target: PersistentIdentifier) throws -> Int64? {
        if target.isTemporary, remapped[target] == nil { return nil }
        if deleting.contains(target) { return nil }
        return try key(of: target)
    }

    /// A one-to-one column a save writes: the row, and the target it names (nil: none).
    private struct OneToOneWrite {
        let layout: StoredEntityLayout
        let toOne: StoredEntityLayout.ToOne
        let row: Int64
        let target: Int64?
        /// A row no other row can name yet (inserted by this save, not an upsert).
        let isNewRow: Bool
    }

    private mutating func noteOneToOne(
        _ toOne: StoredEntityLayout.ToOne, of layout: StoredEntityLayout, row: Int64, target: Int64?, isNewRow: Bool
    ) {
        guard toOne.oneToOneInverse != nil, target != nil || !isNewRow else { return }
        oneToOnes.append(OneToOneWrite(layout: layout, toOne: toOne, row: row, target: target, isNewRow: isNewRow))
    }

    /// Keeps each one-to-one relationship a pair in the tables, as the SQLite store does.
    /// Each side is a column of its own table, written by the save of its own model: two
    /// processes (or contexts) that each paired a model with one third model would leave two
    /// rows naming it. The later save wins the pair: for each one-to-one column the save
    /// wrote, the other rows that named either model of the new pair let go of it, and the
    /// model named names this one back.
    ///
    /// - Throws: `SwiftDataError.requiredRelationshipMissing` when a row that lets go would
    ///   be left without the target of a relationship that is not optional.
    func pairOneToOnes() async throws {
        for write in oneToOnes {
            guard let inverseName = write.toOne.oneToOneInverse, let inverse = tables.layouts[write.toOne.target],
                let inverseToOne = inverse.toOnes.first(where: { $0.name == inverseName })
            else { continue }
            if let target = write.target {
                try await clear(write.toOne, of: write.layout, namingAnyOf: [target], except: [write.row])
                try await point(inverse, inverseName, of: target, at: write.row)
            }
            if !write.isNewRow {
                try await clear(
                    inverseToOne, of: inverse, namingAnyOf: [write.row], except: write.target.map { [$0] } ?? [])
            }
        }
    }

    /// Runs `sql`, whose parameters are `arrays` of keys, in order; its rows.
    @discardableResult
    func statement(_ sql: String, keys arrays: [Int64]...) async throws -> PostgresRowSequence {
        var binds = PostgresBindings()
        for array in arrays { binds.append(array) }
        return try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    }

    /// Sets to NULL the column `toOne` of the rows of `layout`'s table that name one of
    /// `keys`, but the rows `kept`.
    ///
    /// - Throws: `SwiftDataError.requiredRelationshipMissing` when a row is cleared and the
    ///   relationship is not optional.
    private func clear(
        _ toOne: StoredEntityLayout.ToOne, of layout: StoredEntityLayout, namingAnyOf keys: [Int64],
        except kept: [Int64]
    ) async throws {
        let column = PostgresTables.quote(toOne.name)
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        let cleared = try await statement(
            "UPDATE \(tables.table(layout.entityName)) SET \(column) = NULL "
                + "WHERE \(column) = ANY($1) AND NOT \(primaryKey) = ANY($2) RETURNING \(primaryKey)",
            keys: keys, kept)
        var count = 0
        for try await _ in cleared.decode(Int64.self) { count += 1 }
        if count > 0, !toOne.isOptional {
            throw SwiftDataError.requiredRelationshipMissing(
                entity: layout.entityName, relationship: toOne.name, target: toOne.target)
        }
    }

    /// Makes the column `name` of the row `key` of `layout`'s table name `target`.
    private func point(_ layout: StoredEntityLayout, _ name: String, of key: Int64, at target: Int64) async throws {
        let column = PostgresTables.quote(name)
        var binds = PostgresBindings()
        binds.append(key)
        binds.append(target)
        try await connection.statement(
            PostgresQuery(
                unsafeSQL: "UPDATE \(tables.table(layout.entityName)) SET \(column) = $2 "
                    + "WHERE \(PostgresTables.quote(PostgresTables.primaryKey)) = $1 AND \(column) IS DISTINCT FROM $2",
                binds: binds), logger: logger)
    }

    /// Notes a stored row a link of the save names (not one the save inserts), for
    /// ``checkLinkedRowsExist()``.
    private mutating func noteLinked(_ target: PersistentIdentifier) {
        // A model the save inserts (again, after its delete: it keeps its former identifier)
        // has the row the save writes.
        guard remapped[target] == nil, !target.isTemporary, !deleting.contains(target),
            let key = target.dataStoreIntegerKey,
            let table = tables.layouts[target.entityName]?.rootEntityName
        else { return }
        linkedRows[table, default: [:]][key] = target
    }

    /// Throws `SwiftDataError.modelNotFound` for the first stored row a link of the save
    /// names that is gone (another process deleted it), as the SQLite store refuses such a
    /// link, rather than the foreign key's error at the commit; the rows found are locked
    /// against deletion (`FOR KEY SHARE`) until then.
    func checkLinkedRowsExist() async throws {
        for (table, rows) in linkedRows.sorted(by: { $0.key < $1.key }) {
            let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
            let found = try await statement(
                "SELECT \(primaryKey) FROM \(tables.table(table)) WHERE \(primaryKey) = ANY($1) "
                    + "ORDER BY \(primaryKey) FOR KEY SHARE",
                keys: rows.keys.sorted())
            var present = Set<Int64>()
            for try await key in found.decode(Int64.self) { present.insert(key) }
            if let missing = rows.keys.sorted().first(where: { !present.contains($0) }), let identifier = rows[missing]
            {
                throw SwiftDataError.modelNotFound(identifier)
            }
        }
    }

    /// Gives each inserted model its key: a stored row's when the model's unique values are
    /// that row's (or those of a model before it in the save), else a new one from its
    /// table's identity sequence. Rows the save deletes (`deleting`) are not matched.
    mutating func assignKeys(_ snapshots: [DefaultSnapshot], deleting: [DefaultSnapshot]) async throws {
        self.deleting = Set(deleting.map(\.persistentIdentifier))
        guard !snapshots.isEmpty else { return }
        var byEntity: [String: [DefaultSnapshot]] = [:]
        for snapshot in snapshots { byEntity[snapshot.persistentIdentifier.entityName, default: []].append(snapshot) }
        var deletedKeys: [String: Set<Int64>] = [:]
        for snapshot in deleting {
            if let key = snapshot.persistentIdentifier.dataStoreIntegerKey {
                deletedKeys[snapshot.persistentIdentifier.entityName, default: []].insert(key)
            }
        }
        let found = try await PostgresUpserts(
            byEntity, deleting: deletedKeys, tables: tables, connection: connection, logger: logger)
        for entityName in byEntity.keys.sorted() {
            let rows = byEntity[entityName] ?? []
            let targets = found.targets[entityName] ?? Array(repeating: nil, count: rows.count)
            var keys = try await newKeys(targets.filter { $0 == nil }.count, for: entityName)[...]
            var keyAt: [Int64] = []
            for (snapshot, target) in zip(rows, targets) {
                let key: Int64
                switch target {
                case .stored(let stored)?: key = stored
                case .earlier(let position)?: key = keyAt[position]
                case nil: key = keys.removeFirst()
                }
                keyAt.append(key)
                remapped[snapshot.persistentIdentifier] = try PostgresRows.identifier(entityName, key, store: store)
                if target != nil { upserts.insert(snapshot.persistentIdentifier) }
            }
        }
    }

    /// Writes the rows of new models (``assignKeys(_:deleting:)`` gave their keys), their
    /// to-one links included (foreign keys are checked at commit, so rows may name rows
    /// inserted after them); then the rows the upserts update, in the save's order: every
    /// attribute, and each to-one the new model sets (the row keeps the others).
    mutating func insert(_ snapshots: [DefaultSnapshot]) async throws {
        var byEntity: [String: [DefaultSnapshot]] = [:]
        var upserted: [ColumnWrite] = []
        for snapshot in snapshots {
            guard upserts.contains(snapshot.persistentIdentifier) else {
                byEntity[snapshot.persistentIdentifier.entityName, default: []].append(snapshot)
                continue
            }
            let layout = try layout(of: snapshot)
            var write = ColumnWrite(layout: layout, key: try key(of: snapshot.persistentIdentifier))
            for attribute in layout.attributes {
                guard case .attribute(let value)? = snapshot.values[attribute.name], value != .notRead else { continue }
                write.set(attribute.name, value)
            }
            for toOne in layout.toOnes {
                guard case .toOne(let target?)? = snapshot.values[toOne.name], let key = try linkKey(of: target)
                else { continue }
                write.set(toOne.name, .integer(key))
                noteLinked(target)
                noteOneToOne(toOne, of: layout, row: write.key, target: key, isNewRow: false)
            }
            upserted.append(write)
        }
        for entityName in byEntity.keys.sorted() {
            let rows = byEntity[entityName] ?? []
            let layout = try layout(of: rows[0])
            let isHierarchy = tables.isHierarchy(entityName)
            let columns =
                [PostgresTables.primaryKey] + (isHierarchy ? [PostgresTables.entityColumn] : [])
                + PostgresTables.columns(of: layout)
            for chunk in PostgresTables.statementChunks(of: rows, parametersPerRow: columns.count) {
                var binds = PostgresBindings(capacity: chunk.count * columns.count)
                var tuples: [String] = []
                tuples.reserveCapacity(chunk.count)
                for snapshot in chunk {
                    let first = binds.count
                    binds.append(try key(of: snapshot.persistentIdentifier))
                    if isHierarchy { binds.append(entityName) }
                    for attribute in layout.attributes {
                        if case .attribute(let value)? = snapshot.values[attribute.name] {
                            PostgresRows.append(value, to: &binds)
                        } else {
                            binds.appendNull()
                        }
                    }
                    for toOne in layout.toOnes {
                        if case .toOne(let target?)? = snapshot.values[toOne.name], let key = try linkKey(of: target) {
                            binds.append(key)
                            noteLinked(target)
                            noteOneToOne(
                                toOne, of: layout, row: try self.key(of: snapshot.persistentIdentifier), target: key,
                                isNewRow: true)
                        } else {
                            binds.appendNull()
                        }
                    }
                    tuples.append("(" + (first + 1...binds.count).map { "$\($0)" }.joined(separator: ", ") + ")")
                }
                let sql =
                    "INSERT INTO \(tables.table(layout.entityName)) (\(columns.map(PostgresTables.quote).joined(separator: ", "))) "
                    + "VALUES \(tuples.joined(separator: ", "))"
                try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
            }
        }
        // Two new models of the save may update the same row: the later one in a later batch.
        var batch: [ColumnWrite] = []
        var keys = Set<Int64>()
        for write in upserted {
            if !keys.insert(write.key).inserted {
                try await self.write(batch)
                (batch, keys) = ([], [write.key])
            }
            batch.append(write)
        }
        try await self.write(batch)
    }

    /// The notices that tell the store's other instances (other processes) what the save
    /// inserted, updated and deleted (``PostgresChangeNotice``).
    func notices(
        origin: UUID, inserted: [DefaultSnapshot], updated: [DefaultSnapshot], deleted: [DefaultSnapshot]
    ) -> [PostgresChangeNotice] {
        var (insertedRows, updatedRows) = ([PersistentIdentifier](), updated.map(\.persistentIdentifier))
        for snapshot in inserted {
            guard let row = remapped[snapshot.persistentIdentifier] else { continue }
            // An upsert updates a stored row.
            if upserts.contains(snapshot.persistentIdentifier) {
                updatedRows.append(row)
            } else {
                insertedRows.append(row)
            }
        }
        return PostgresChangeNotice.notices(
            origin: origin, inserted: insertedRows, updated: updatedRows, deleted: deleted.map(\.persistentIdentifier))
    }

    /// The rows the upserts updated, as the save leaves them, by identifier.
    func upsertedRows() async throws -> [PersistentIdentifier: DefaultSnapshot] {
        var keys: [String: [Int64]] = [:]
        for identifier in upserts {
            guard let row = remapped[identifier], let key = row.dataStoreIntegerKey else { continue }
            keys[row.entityName, default: []].append(key)
        }
        var rows: [PersistentIdentifier: DefaultSnapshot] = [:]
        for (entityName, entityKeys) in keys.sorted(by: { $0.key < $1.key }) {
            guard let layout = tables.layouts[entityName] else { continue }
            let query = PostgresFetchQuery(rows: entityKeys, layout: layout)
            for snapshot in try await PostgresRows.snapshots(
                query, tables: tables, store: store, on: connection, logger: logger)
            {
                rows[snapshot.persistentIdentifier] = snapshot
            }
        }
        return rows
    }

    /// `count` new keys from the identity sequence of an entity's table.
    private func newKeys(_ count: Int, for entityName: String) async throws -> [Int64] {
        var binds = PostgresBindings()
        binds.append(tables.table(entityName))
        binds.append(PostgresTables.primaryKey)
        binds.append(Int64(count))
        let rows = try await connection.statement(
            PostgresQuery(
                unsafeSQL: "SELECT nextval(pg_get_serial_sequence($1, $2)) FROM generate_series(1, $3)", binds: binds),
            logger: logger)
        var keys: [Int64] = []
        keys.reserveCapacity(count)
        for try await key in rows.decode(Int64.self) { keys.append(key) }
        guard keys.count == count else {
            throw PostgresStoreError.server(message: "the server gave \(keys.count) keys of \(count)")
        }
        return keys
    }

    /// Writes models' rows: the attributes and to-one relationships the context changed
    /// (`changed`, by model; every one a snapshot holds for a model not named there), so that
    /// a save leaves what it did not change as another process (or context) may have written
    /// it: the last writer wins per attribute and per relationship, not per row. An attribute
    /// not read is left as it is. The rows of one entity that set the same columns are
    /// written together, by `UPDATE … FROM (VALUES …)` statements.
    mutating func update(_ snapshots: [DefaultSnapshot], changed: [PersistentIdentifier: Set<String>]) async throws {
        var writes: [ColumnWrite] = []
        for snapshot in snapshots {
            let layout = try layout(of: snapshot)
            let isChanged = { (name: String) in changed[snapshot.persistentIdentifier]?.contains(name) ?? true }
            var write = ColumnWrite(layout: layout, key: try key(of: snapshot.persistentIdentifier))
            for attribute in layout.attributes where isChanged(attribute.name) {
                guard case .attribute(let value)? = snapshot.values[attribute.name], value != .notRead else { continue }
                write.set(attribute.name, value)
            }
            for toOne in layout.toOnes where isChanged(toOne.name) {
                guard case .toOne(let target)? = snapshot.values[toOne.name] else { continue }
                let targetKey = try target.flatMap(linkKey(of:))
                write.set(toOne.name, targetKey.map(StoredValue.integer) ?? .null)
                if let target { noteLinked(target) }
                noteOneToOne(toOne, of: layout, row: write.key, target: targetKey, isNewRow: false)
            }
            writes.append(write)
        }
        // A changed model whose row another process deleted: its change has nowhere to go.
        let written = try await write(writes)
        for (snapshot, write) in zip(snapshots, writes) where !write.columns.isEmpty && !written.contains(write.key) {
            throw SwiftDataError.modelNotFound(snapshot.persistentIdentifier)
        }
    }

    /// Writes columns of rows, those of each entity that set the same columns together, by
    /// `UPDATE … FROM (VALUES …)` statements; returns the `_pk`s of the rows written (a row
    /// another process deleted is not). A row is named once at most.
    @discardableResult
    private func write(_ writes: [ColumnWrite]) async throws -> Set<Int64> {
        var written = Set<Int64>()
        var groups: [[String]: [ColumnWrite]] = [:]
        var order: [[String]] = []
        for write in writes where !write.columns.isEmpty {
            let group = [write.layout.entityName] + write.columns
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(write)
        }
        for group in order {
            guard let rows = groups[group], let layout = rows.first?.layout else { continue }
            let columns = Array(group.dropFirst())
            let types = [PostgresTables.primaryKeyType] + columns.map { PostgresTables.columnType(of: $0, in: layout) }
            for chunk in PostgresTables.statementChunks(of: rows, parametersPerRow: types.count) {
                var binds = PostgresBindings(capacity: chunk.count * types.count)
                var tuples: [String] = []
                for row in chunk {
                    let first = binds.count
                    binds.append(row.key)
                    for value in row.values { PostgresRows.append(value, to: &binds) }
                    tuples.append(PostgresRows.typedTuple(from: first, types: types))
                }
                let names = ([PostgresTables.primaryKey] + columns).map(PostgresTables.quote)
                let assignments = columns.map { "\(PostgresTables.quote($0)) = v.\(PostgresTables.quote($0))" }
                let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
                let sql =
                    "UPDATE \(tables.table(layout.entityName)) AS t SET \(assignments.joined(separator: ", ")) "
                    + "FROM (VALUES \(tuples.joined(separator: ", "))) AS v (\(names.joined(separator: ", "))) "
                    + "WHERE t.\(primaryKey) = v.\(primaryKey) RETURNING t.\(primaryKey)"
                let rows = try await connection.statement(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
                for try await key in rows.decode(Int64.self) { written.insert(key) }
            }
        }
        return written
    }

    /// Writes the to-many relationships kept in join tables (``PostgresTables``) as the
    /// snapshots hold them, those of the inserted models and those the context changed in
    /// the updated ones (`changed`; every one of a model not named there): for each join
    /// table and side, the links of the rows written that the snapshots no longer hold are
    /// deleted and those missing are added, in the snapshots' order. An upsert adds its
    /// links to the row's, as the SQLite store's does. The side that does not own the table
    /// is written first, the owner's last, as the SQLite store does, so that the owner's
    /// arrays decide where the two sides of a save disagree.
    mutating func link(
        _ inserted: [DefaultSnapshot], _ updated: [DefaultSnapshot], changed: [PersistentIdentifier: Set<String>],
        asRead: [PersistentIdentifier: DefaultSnapshot]
    ) async throws {
        // By join table and side: each row's key and its targets' keys.
        struct Side: Hashable {
            let join: String
            let isSource: Bool
        }
        /// One row's links to write: those to add, those to remove, and whether its other
        /// links go (the relationship written whole).
        struct Links {
            let owner: Int64
            var added: [Int64]
            var removed: [Int64] = []
            var replacesOthers: Bool
        }
        var writes: [Side: (toMany: StoredEntityLayout.ToMany, rows: [Links])] = [:]
        for (snapshot, isInserted) in inserted.map({ ($0, true) }) + updated.map({ ($0, false) }) {
            let layout = try layout(of: snapshot)
            let isUpsert = isInserted && upserts.contains(snapshot.persistentIdentifier)
            for toMany in layout.toManys {
                guard let join = toMany.joinTable, case .toMany(let targets)? = snapshot.values[toMany.name],
                    isInserted || changed[snapshot.persistentIdentifier]?.contains(toMany.name) ?? true,
                    !(isUpsert && targets.isEmpty)
                else { continue }
                let owner = try key(of: snapshot.persistentIdentifier)
                var links = Links(owner: owner, added: try targets.compactMap(linkKey(of:)), replacesOthers: !isUpsert)
                var addedTargets = targets
                if !isInserted, case .toMany(let read)? = asRead[snapshot.persistentIdentifier]?.values[toMany.name] {
                    // The difference from the links as read: links another process added or
                    // removed since stay as it left them.
                    let readKeys = try read.compactMap(linkKey(of:))
                    let held = Set(readKeys)
                    let kept = Set(links.added)
                    links.removed = readKeys.filter { !kept.contains($0) }
                    links.added = links.added.filter { !held.contains($0) }
                    links.replacesOthers = false
                    let readSet = Set(read)
                    addedTargets = targets.filter { !readSet.contains($0) }
                }
                for target in addedTargets { noteLinked(target) }
                writes[Side(join: join, isSource: toMany.isJoinSource), default: (toMany, [])].rows.append(links)
            }
        }
        // The owners' sides last.
        let sides = writes.keys.sorted { ($0.isSource ? 1 : 0, $0.join) < ($1.isSource ? 1 : 0, $1.join) }
        for side in sides {
            guard let write = writes[side] else { continue }
            let join = tables.table(side.join)
            let (own, other) = write.toMany.isJoinSource ? ("source", "target") : ("target", "source")
            var replacing: [Int64] = []
            var added: (owners: [Int64], targets: [Int64]) = ([], [])
            var removed: (owners: [Int64], targets: [Int64]) = ([], [])
            for links in write.rows {
                if links.replacesOthers { replacing.append(links.owner) }
                added.owners += Array(repeating: links.owner, count: links.added.count)
                added.targets += links.added
                removed.owners += Array(repeating: links.owner, count: links.removed.count)
                removed.targets += links.removed
            }
            if !replacing.isEmpty {
                try await statement(
                    "DELETE FROM \(join) WHERE \(own) = ANY($1) AND (\(own), \(other)) NOT IN "
                        + "(SELECT * FROM unnest($2::bigint[], $3::bigint[]))",
                    keys: replacing, added.owners, added.targets)
            }
            if !removed.targets.isEmpty {
                try await statement(
                    "DELETE FROM \(join) WHERE (\(own), \(other)) IN (SELECT * FROM unnest($1::bigint[], $2::bigint[]))",
                    keys: removed.owners, removed.targets)
            }
            guard !added.targets.isEmpty else { continue }
            try await statement(
                "INSERT INTO \(join) (\(own), \(other)) SELECT o, t FROM "
                    + "unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS p (o, t, n) ORDER BY n "
                    + "ON CONFLICT DO NOTHING",
                keys: added.owners, added.targets)
        }
    }

    /// Deletes models' rows, one statement per table. The rows the save does not delete that
    /// link to them through a to-one column (rows the context did not read: another process
    /// linked them since) let go of them first, as the SQLite store's delete clears every link
    /// to a deleted row: the delete rules are the context's, applied to the models it read,
    /// and a row that would be left without the target of a relationship that is not
    /// optional refuses the save. So does a link that a deleted model's `.deny` relationship
    /// holds, as the SQLite store's check of the rule in the store refuses it. (The foreign
    /// keys' `ON DELETE` rules apply to deletions by other programs.)
    ///
    /// Runs after the changed rows and the join tables are written: what still links to a
    /// deleted row is what the context did not change.
    ///
    /// - Throws: `SwiftDataError.requiredRelationshipMissing` for a row left without a
    ///   required target; `SwiftDataError.deleteDenied` for a link a `.deny` relationship
    ///   holds; what the server throws.
    func delete(_ snapshots: [DefaultSnapshot]) async throws {
        var byTable: [String: [Int64]] = [:]
        for snapshot in snapshots {
            let entityName = snapshot.persistentIdentifier.entityName
            guard let table = tables.layouts[entityName]?.rootEntityName else {
                throw PostgresStoreError.unsupported("models of \(entityName), which the store's schema does not list")
            }
            byTable[table, default: []].append(try key(of: snapshot.persistentIdentifier))
        }
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        for (table, keys) in byTable.sorted(by: { $0.key < $1.key }) {
            try await refuseDeniedDeletions(of: keys, in: table, deleting: byTable)
        }
        for (table, keys) in byTable.sorted(by: { $0.key < $1.key }) {
            for layout in tables.layouts.values.sorted(by: { $0.entityName < $1.entityName }) {
                for toOne in layout.toOnes where tables.layouts[toOne.target]?.rootEntityName == table {
                    // Declared by a superentity: its own layout clears the column.
                    if let superentity = layout.superentityName,
                        tables.layouts[superentity]?.toOnes.contains(where: { $0.name == toOne.name }) == true
                    {
                        continue
                    }
                    try await clear(toOne, of: layout, namingAnyOf: keys, except: byTable[layout.rootEntityName] ?? [])
                }
            }
            try await statement("DELETE FROM \(tables.table(table)) WHERE \(primaryKey) = ANY($1)", keys: keys)
        }
    }
}

/// The columns a save sets in one row, and their values.
private struct ColumnWrite {
    let layout: StoredEntityLayout
    /// The row's `_pk`.
    let key: Int64
    private(set) var columns: [String] = []
    private(set) var values: [StoredValue] = []

    init(layout: StoredEntityLayout, key: Int64) {
        self.layout = layout
        self.key = key
    }

    mutating func set(_ column: String, _ value: StoredValue) {
        columns.append(column)
        values.append(value)
    }
}
