import Foundation
internal import GRDB

/// The SQL of one save: deletes, then inserts (or upserts on unique values), then
/// updates of changed columns, then join-table rows, then the save's history.
struct SaveOperation {
    let inserted: [any PersistentModel]
    let changed: [any PersistentModel]
    let deleted: [any PersistentModel]
    /// The rows ``ModelContext/delete(model:where:includeSubclasses:)`` deletes, chosen by SQL.
    let bulkDeletes: [BulkDeleteRequest]
    /// The backing data of each model of ``inserted``, ``changed`` and ``deleted``, in the
    /// same order: read once, each model's being read many times over a save.
    let insertedBackings: [ModelBackingData]
    let changedBackings: [ModelBackingData]
    let deletedBackings: [ModelBackingData]
    let layout: StoreLayout
    /// The saving context's author, recorded in the store's history.
    let author: String?
    /// The files of `@Attribute(.externalStorage)` values the save writes and replaces;
    /// nil for an in-memory store.
    let externalData: ExternalDataChanges?

    init(
        inserted: [any PersistentModel], changed: [any PersistentModel], deleted: [any PersistentModel],
        bulkDeletes: [BulkDeleteRequest] = [], layout: StoreLayout, author: String?,
        externalData: ExternalDataChanges?
    ) {
        self.inserted = inserted
        self.changed = changed
        self.deleted = deleted
        self.bulkDeletes = bulkDeletes
        self.insertedBackings = inserted.map(\.persistentBackingData)
        self.changedBackings = changed.map(\.persistentBackingData)
        self.deletedBackings = deleted.map(\.persistentBackingData)
        self.layout = layout
        self.author = author
        self.externalData = externalData
    }

    private static let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)

    /// What a store's part of a save wrote.
    struct Written {
        /// The primary key given to each inserted model, and which of them updated a
        /// stored row with the same unique values.
        let keys: InsertedKeys
        /// What the save's bulk deletions deleted; nil without any.
        let bulkDeleted: BulkDeletion.Outcome?
        /// Rows the save changed beyond its own models (a row whose link a delete cleared,
        /// a one-to-one's other side letting go), by entity name and key: other contexts'
        /// models of them are told.
        let updatedElsewhere: [(entity: String, key: Int64)]
    }

    /// Runs the save's SQL. `registered` gives the saving context's identity table of a
    /// hierarchy (by its root entity), for the models of rows a bulk deletion removes.
    func run(_ db: Database, registered: (EntityDescriptor) -> PrimaryKeyTable?) throws -> Written {
        // A key names one row for the life of the store: new keys start above the
        // highest key the entity ever had (``PrimaryKeySequence``), not above the
        // highest row left, whose key may have belonged to a deleted row that another
        // context still holds a model of.
        // Keyed by the hierarchy's root entity: its entities share their keys.
        var nextKey: [ObjectIdentifier: Int64] = [:]
        var entitiesWithInserts: [EntityDescriptor] = []
        var lastRoot: EntityDescriptor?
        for backing in insertedBackings {
            let entity = backing.entity.rootEntity
            // Inserts come in runs of one entity: look up each run's entity once.
            guard entity !== lastRoot else { continue }
            lastRoot = entity
            let id = ObjectIdentifier(entity)
            if nextKey[id] == nil {
                nextKey[id] = try PrimaryKeySequence.highestKey(of: entity, db: db)
                entitiesWithInserts.append(entity)
            }
        }
        var clearedRequired: [ClearedReference] = []
        var updatedElsewhere: [(entity: EntityDescriptor, key: Int64)] = []
        try checkDenyRulesInStore(db: db)
        for backing in deletedBackings {
            guard let key = backing.primaryKey else { continue }
            try externalData?.replaceValues(of: backing.entity, key: key, columns: nil, db: db)
            try deleteRow(
                of: backing.entity, key: key, clearing: &clearedRequired, updating: &updatedElsewhere, db: db)
        }
        // The rows bulk deletions select, before the save's inserts: a model inserted by
        // the same save never matches, as it would not have when the delete was asked for.
        let bulkDeletion =
            bulkDeletes.isEmpty ? nil : try BulkDeletion(requests: bulkDeletes, layout: layout, db: db)
        let (keys, highest) = try assignKeys(db: db, nextKey: nextKey)
        for entity in entitiesWithInserts {
            if let key = highest[ObjectIdentifier(entity)] {
                try PrimaryKeySequence.record(key, of: entity, db: db)
            }
        }
        let keyOf = { (model: any PersistentModel) -> Int64? in
            let backing = model.persistentBackingData
            guard backing.state != .deleted, backing.state != .detached else { return nil }
            return backing.primaryKey ?? keys.key(of: model)
        }
        var inserts = InsertStatements()
        // One buffer for every row's values, filled again for each: each value replaces
        // the one before it in place.
        var rowValues: [StoredValue] = []
        for (position, backing) in insertedBackings.enumerated() {
            let key = keys.byPosition[position]
            fillColumnValues(of: backing, keyOf: keyOf, into: &rowValues)
            let values =
                try externalData?.storedValues(
                    rowValues, columns: backing.entity.columnPropertyIndices, of: backing.entity)
                ?? rowValues
            if keys.isUpsert[position] {
                // The stored row keeps its to-one links where the new model sets none.
                let toOne = backing.entity.toOnePropertyIndices
                let kept = zip(backing.entity.columnPropertyIndices, values).filter { index, value in
                    !(value == .null && toOne.contains(index))
                }
                try externalData?.replaceValues(of: backing.entity, key: key, columns: nil, db: db)
                try update(backing.entity, key: key, columns: kept.map(\.0), values: kept.map(\.1), db: db)
            } else {
                try insertRow(of: backing.entity, key: key, values: values, statements: &inserts, db: db)
            }
        }
        for backing in changedBackings {
            guard let key = backing.primaryKey else { continue }
            let changedProperties = backing.changedProperties
            let columns = backing.entity.columnPropertyIndices.filter { changedProperties.contains($0) }
            guard !columns.isEmpty else { continue }
            var changedValues = columns.map { columnValue(of: backing, at: $0, keyOf: keyOf) }
            if let externalData {
                try externalData.replaceValues(of: backing.entity, key: key, columns: columns, db: db)
                changedValues = try externalData.storedValues(changedValues, columns: columns, of: backing.entity)
            }
            // A row another context deleted since this one read it: the change has nowhere
            // to go, and the save must not report it written.
            guard try update(backing.entity, key: key, columns: columns, values: changedValues, db: db) else {
                throw SwiftDataError.modelNotFound(backing.persistentModelID)
            }
        }
        try checkToOneTargetsExist(keys: keys, db: db)
        try writeJoinTables(keyOf: keyOf, upserts: keys, db: db)
        let pairedElsewhere = try pairOneToOnes(keys: keys, keyOf: keyOf, db: db)
        var history = StoreHistory.Recorder(author: author)
        try history.append(historyEntries(keys: keys) + pairedElsewhere, db: db)
        // Last, so that its delete rules see the relationships as the save leaves them.
        let bulkDeleted = try bulkDeletion?.finish(
            externalData: externalData, history: &history, registered: registered, db: db)
        try checkCleared(clearedRequired, db: db)
        externalData?.settle(in: db)
        for entry in pairedElsewhere {
            if case .updated(let name, let key, _) = entry,
                let entity = layout.entities.first(where: { $0.name == name })
            {
                updatedElsewhere.append((entity, key))
            }
        }
        return Written(keys: keys, bulkDeleted: bulkDeleted, updatedElsewhere: rowsLeft(updatedElsewhere))
    }

    /// Gives each inserted model a key: the key of a stored (or just inserted) row with
    /// the same unique values, or the next free key. Returns the keys, and the highest
    /// key given in each hierarchy of entities (by its root entity).
    private func assignKeys(db: Database, nextKey initial: [ObjectIdentifier: Int64]) throws
        -> (keys: InsertedKeys, highest: [ObjectIdentifier: Int64])
    {
        var nextKey = initial
        var keys: [Int64] = []
        var isUpsert: [Bool] = []
        keys.reserveCapacity(inserted.count)
        isUpsert.reserveCapacity(inserted.count)
        // The key each unique value of the save went to, and the entity of that model.
        var claimed: [String: (key: Int64, entity: EntityDescriptor)] = [:]
        // The last root entity given a key, and that key: the models of a save come in
        // runs of one entity, which then cost no dictionary lookup each.
        var current: (root: ObjectIdentifier, key: Int64)?
        for backing in insertedBackings {
            let entity = backing.entity
            var signatures: [String] = []
            var existing: Int64?
            for group in entity.uniquenessConstraints {
                let indices = group.compactMap { entity.propertyIndexByName[$0] }
                let values = indices.map { uniqueValue(of: backing, at: $0) }
                guard !values.contains(where: \.isNull) else { continue }
                // The unique index is on the table that declares the columns: a row of any
                // class of the hierarchy under it holds the values.
                let declaring = indices.map(entity.declaringEntity(of:)).max {
                    $0.tableChain.count < $1.tableChain.count
                }
                guard let declaring else { continue }
                let signature = "\(declaring.name)|\(group)|\(values)"
                signatures.append(signature)
                guard existing == nil else { continue }
                if let claim = claimed[signature] {
                    guard claim.entity === entity else {
                        throw SwiftDataError.uniqueValueOfAnotherClass(
                            entity: entity.name, properties: group, storedEntity: claim.entity.name)
                    }
                    existing = claim.key
                    continue
                }
                let condition = indices.map { "\(entity.qualifiedColumn(of: $0)) = ?" }.joined(separator: " AND ")
                existing = try Int64.fetchOne(
                    db, sql: "SELECT \(declaring.keySQL) FROM \(declaring.fromSQL) WHERE \(condition)",
                    arguments: StatementArguments(storedValues: values))
                if let key = existing {
                    try checkRowClass(key: key, of: entity, properties: group, db: db)
                }
            }
            let key: Int64
            if let existing {
                key = existing
            } else {
                let root = ObjectIdentifier(entity.rootEntity)
                let previous: Int64
                if let last = current, last.root == root {
                    previous = last.key
                } else {
                    if let last = current { nextKey[last.root] = last.key }
                    previous = nextKey[root] ?? 0
                }
                key = previous + 1
                current = (root, key)
            }
            keys.append(key)
            isUpsert.append(existing != nil)
            for signature in signatures { claimed[signature] = (key, entity) }
        }
        if let last = current { nextKey[last.root] = last.key }
        let needsLookup =
            insertedBackings.contains { $0.entity.hasRelationships }
            || changedBackings.contains { $0.entity.hasRelationships }
        return (InsertedKeys(inserted: inserted, keys: keys, isUpsert: isUpsert, lookup: needsLookup), nextKey)
    }

    /// Throws unless the row `key`, whose unique values a new model of `entity` holds, is a
    /// row of `entity` itself: an upsert onto a row of another class of the hierarchy would
    /// change the row's class, losing the values of one or making up those of the other.
    private func checkRowClass(key: Int64, of entity: EntityDescriptor, properties: [String], db: Database) throws {
        let hierarchy = layout.entities.filter { $0.rootEntity === entity.rootEntity }
        guard hierarchy.count > 1 else { return }
        // The deepest entity whose table has the row is the row's own.
        for candidate in hierarchy.sorted(by: { $0.tableChain.count > $1.tableChain.count }) {
            let found = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM \(candidate.quotedTable) WHERE \(Self.primaryKey) = ?", arguments: [key])
            guard found == true else { continue }
            if candidate === entity { return }
            throw SwiftDataError.uniqueValueOfAnotherClass(
                entity: entity.name, properties: properties, storedEntity: candidate.name)
        }
    }

    /// The value a uniqueness constraint compares for a property of a model being inserted:
    /// an attribute's stored value; a to-one relationship's target key when the target has
    /// a row (`#Unique<Flow>([\.asset, \.date])`), else NULL, which no row matches.
    private func uniqueValue(of backing: ModelBackingData, at index: Int) -> StoredValue {
        guard backing.entity.attributeCodecs[index] == nil else { return backing.storedValue(at: index) }
        guard case .toOne(let target) = backing.relationship(at: index) else { return .null }
        return target?.persistentBackingData.primaryKey.map { .integer($0) } ?? .null
    }

    /// Sets `values` to the values of a model's columns, in column order; to-one
    /// relationships as their target's key (or NULL).
    private func fillColumnValues(
        of backing: ModelBackingData, keyOf: (any PersistentModel) -> Int64?, into values: inout [StoredValue]
    ) {
        let entity = backing.entity
        let columns = entity.columnPropertyIndices
        if values.count != columns.count { values = Array(repeating: .null, count: columns.count) }
        let codecs = entity.attributeCodecs
        for (position, index) in columns.enumerated() {
            values[position] =
                codecs[index] == nil
                ? columnValue(of: backing, at: index, keyOf: keyOf) : backing.storedValue(at: index)
        }
    }

    /// The value of one column: the stored value of an attribute, or a to-one
    /// relationship's target key. An attribute is told by its codec, which a relationship
    /// has none of: reading it copies no ``PropertyDescriptor``.
    func columnValue(of backing: ModelBackingData, at index: Int, keyOf: (any PersistentModel) -> Int64?)
        -> StoredValue
    {
        guard backing.entity.attributeCodecs[index] == nil else { return backing.storedValue(at: index) }
        switch backing.relationship(at: index) {
        case .toOne(let target):
            return target.flatMap(keyOf).map { .integer($0) } ?? .null
        default:
            return backing.storedValue(at: index)
        }
    }

    /// Inserts a row of `entity`: one row in the table of each entity of its chain, each
    /// with the columns it stores. `values` are the values of the entity's
    /// ``EntityDescriptor/columnPropertyIndices``.
    private func insertRow(
        of entity: EntityDescriptor, key: Int64, values: [StoredValue], statements: inout InsertStatements,
        db: Database
    ) throws {
        guard entity.superentity != nil else {
            // One table, whose columns are the entity's, in the same order.
            try StatementRunner.execute(try statements.statement(for: entity, db: db), key: key, values: values, db: db)
            return
        }
        let valueByProperty = Dictionary(uniqueKeysWithValues: zip(entity.columnPropertyIndices, values))
        for table in entity.tableChain {
            let row = table.ownColumnPropertyIndices.map { valueByProperty[$0] ?? .null }
            try StatementRunner.execute(try statements.statement(for: table, db: db), key: key, values: row, db: db)
        }
    }

    /// Updates columns (property indices, with their values) of one row, in the tables
    /// of the entities that declare them. Returns whether the row was there to update
    /// (false when another connection deleted it).
    @discardableResult
    private func update(
        _ entity: EntityDescriptor, key: Int64, columns: [Int], values: [StoredValue], db: Database
    ) throws -> Bool {
        var byTable: [(table: EntityDescriptor, columns: [Int], values: [StoredValue])] = []
        for (column, value) in zip(columns, values) {
            let table = entity.declaringEntity(of: column)
            if let last = byTable.indices.last, byTable[last].table === table {
                byTable[last].columns.append(column)
                byTable[last].values.append(value)
            } else {
                byTable.append((table, [column], [value]))
            }
        }
        for group in byTable {
            let statement = try db.cachedStatement(sql: group.table.updateSQL(columns: group.columns))
            try StatementRunner.execute(statement, values: group.values + [.integer(key)], db: db)
            if db.changesCount == 0 { return false }
        }
        return true
    }

    /// A row whose non-optional to-one relationship a deleted row's removal set to NULL.
    private struct ClearedReference {
        let table: String
        let column: String
        let key: Int64
        let relationship: StoreLayout.RequiredRelationship
    }

    /// Deletes a row and every reference to it: to-one columns pointing at it are set to
    /// NULL and its join-table rows are deleted. A row of a sub-entity goes from the
    /// table of each entity of its chain, and references to any of them go. The rows
    /// whose non-optional relationship is so set to NULL are added to `cleared`, for
    /// ``checkCleared(_:db:)``; the rows whose column is set to NULL, or whose join row goes,
    /// to `updated` (the saving context may not have known those links: other contexts'
    /// models of those rows must read them again).
    private func deleteRow(
        of entity: EntityDescriptor, key: Int64, clearing cleared: inout [ClearedReference],
        updating updated: inout [(entity: EntityDescriptor, key: Int64)], db: Database
    ) throws {
        for table in entity.tableChain {
            try db.execute(
                sql: "DELETE FROM \(table.quotedTable) WHERE \(Self.primaryKey) = ?", arguments: [key])
        }
        for reference in entity.tableChain.flatMap({ layout.references(to: $0.name) }) {
            switch reference {
            case .column(let table, let column, let required, let owner, _):
                let nulled = try Int64.fetchAll(
                    db, sql: "UPDATE \(table) SET \(column) = NULL WHERE \(column) = ? RETURNING \(Self.primaryKey)",
                    arguments: [key])
                if let required {
                    for row in nulled {
                        cleared.append(ClearedReference(table: table, column: column, key: row, relationship: required))
                    }
                }
                updated += nulled.map { (owner, $0) }
            case .joinRow(let table, let column, let otherColumn, let otherEntity, _):
                let others = try Int64.fetchAll(
                    db, sql: "DELETE FROM \(table) WHERE \(column) = ? RETURNING \(otherColumn)", arguments: [key])
                updated += others.map { (otherEntity, $0) }
            }
        }
    }

    /// The rows of `updated` that the save did not delete, each once, by entity name.
    private func rowsLeft(_ updated: [(entity: EntityDescriptor, key: Int64)]) -> [(entity: String, key: Int64)] {
        guard !updated.isEmpty else { return [] }
        var seen = Set<String>()
        for backing in deletedBackings {
            if let key = backing.primaryKey { seen.insert("\(backing.entity.rootEntity.identityIndex) \(key)") }
        }
        return updated.compactMap { entity, key in
            seen.insert("\(entity.rootEntity.identityIndex) \(key)").inserted ? (entity.name, key) : nil
        }
    }

    /// Fails when a row whose non-optional to-one relationship referred to a deleted row
    /// is still there without a model in it, once the save has written every change (the
    /// row may have been deleted too, or given another model): a row that holds NULL
    /// where the model cannot take nil could not be read back. The in-memory check
    /// (``ModelContextCore/checkRequiredRelationships()``) sees the models the context
    /// changed; this one sees the rows it did not load (a relationship without inverse,
    /// or a `.noAction` rule), and the save's transaction rolls back.
    private func checkCleared(_ cleared: [ClearedReference], db: Database) throws {
        for reference in cleared {
            let isNull = try Bool.fetchOne(
                db,
                sql: "SELECT \(reference.column) IS NULL FROM \(reference.table) WHERE \(Self.primaryKey) = ?",
                arguments: [reference.key])
            if isNull == true {
                throw SwiftDataError.requiredRelationshipMissing(
                    entity: reference.relationship.entity, relationship: reference.relationship.relationship,
                    target: reference.relationship.target)
            }
        }
    }

    /// Writes the join-table rows of changed to-many relationships. A stored model's
    /// relationship writes the difference from what it held as read (the links it added
    /// and removed), so that links another context saved meanwhile stay; a new model's,
    /// or one whose list as read was not kept, is written whole. The side that owns the
    /// table writes last, so that its order is the one kept. An upsert (an inserted model
    /// that updated a stored row) adds its links to the row's.
    private func writeJoinTables(keyOf: (any PersistentModel) -> Int64?, upserts: InsertedKeys, db: Database) throws {
        // Most entities have no relationship stored in a join table. Each list is walked on
        // its own: joined, both would be copied, a retain and a release per model.
        var writers: [(model: any PersistentModel, backing: ModelBackingData, isUpsert: Bool)] = []
        for (position, (model, backing)) in zip(inserted, insertedBackings).enumerated()
        where backing.entity.hasJoinTableRelationships {
            writers.append((model, backing, upserts.isUpsert[position]))
        }
        for (model, backing) in zip(changed, changedBackings) where backing.entity.hasJoinTableRelationships {
            writers.append((model, backing, false))
        }
        var ownerWrites: [() throws -> Void] = []
        var checked = Set<String>()
        for (model, backing, isUpsert) in writers {
            guard let ownKey = keyOf(model) else { continue }
            let isNew = backing.primaryKey == nil
            let changedProperties = backing.changedProperties
            for property in backing.entity.properties where property.relationship?.isToMany == true {
                guard isNew || changedProperties.contains(property.index),
                    case .toMany(let targets) = backing.relationship(at: property.index),
                    !(isUpsert && targets.isEmpty),
                    case .joinTable(let table, let isOwner) = backing.entity.storage(of: property.index)
                else { continue }
                let targetKeys = targets.compactMap(keyOf)
                let name = table.quotedName
                let base = isUpsert ? [] : backing.storedToMany(at: property.index)
                // A link added to a row another context deleted since, or from one, would
                // be a join row naming no row: the save fails instead.
                let held = Set(base ?? [])
                let addedTargets = targets.filter { keyOf($0).map { !held.contains($0) } ?? false }
                if !addedTargets.isEmpty {
                    try requireRow(of: model, keys: upserts, checked: &checked, db: db)
                    for target in addedTargets { try requireRow(of: target, keys: upserts, checked: &checked, db: db) }
                }
                if let base {
                    let (source, target) = isOwner ? ("source", "target") : ("target", "source")
                    let kept = Set(targetKeys)
                    let removed = base.filter { !kept.contains($0) }
                    let added = targetKeys.filter { !held.contains($0) }
                    let write: () throws -> Void = {
                        for key in removed {
                            try db.execute(
                                sql: "DELETE FROM \(name) WHERE \(source) = ? AND \(target) = ?",
                                arguments: [ownKey, key])
                        }
                        for key in added {
                            try db.execute(
                                sql: "INSERT OR IGNORE INTO \(name) (\(source), \(target)) VALUES (?, ?)",
                                arguments: [ownKey, key])
                        }
                    }
                    if isOwner { ownerWrites.append(write) } else { try write() }
                } else if isOwner {
                    ownerWrites.append {
                        try db.execute(sql: "DELETE FROM \(name) WHERE source = ?", arguments: [ownKey])
                        for targetKey in targetKeys {
                            try db.execute(
                                sql: "INSERT OR IGNORE INTO \(name) (source, target) VALUES (?, ?)",
                                arguments: [ownKey, targetKey])
                        }
                    }
                } else {
                    let kept = targetKeys.map(String.init).joined(separator: ", ")
                    try db.execute(
                        sql: "DELETE FROM \(name) WHERE target = ? AND source NOT IN (\(kept))", arguments: [ownKey])
                    for targetKey in targetKeys {
                        try db.execute(
                            sql: "INSERT OR IGNORE INTO \(name) (source, target) VALUES (?, ?)",
                            arguments: [targetKey, ownKey])
                    }
                }
            }
        }
        for write in ownerWrites { try write() }
    }
}

/// The `INSERT` statement of each entity table a save inserts rows into, looked up in the
/// connection's statement cache once per table rather than once per row: the cache is
/// keyed by the SQL text, whose hashing costs a row's insert as much as binding it.
struct InsertStatements {
    private var statements: [ObjectIdentifier: Statement] = [:]

    /// The table of the last statement asked for, and the statement: the rows of a save
    /// come in runs of one entity.
    private var last: (table: ObjectIdentifier, statement: Statement)?

    /// The statement that inserts a row into `table`'s own table.
    mutating func statement(for table: EntityDescriptor, db: Database) throws -> Statement {
        let id = ObjectIdentifier(table)
        if let last, last.table == id { return last.statement }
        let statement = try statements[id] ?? db.cachedStatement(sql: table.ownInsertSQL)
        statements[id] = statement
        last = (id, statement)
        return statement
    }
}

/// The primary keys a save gave its inserted models.
struct InsertedKeys {
    /// The key of each inserted model, in the order of ``SaveOperation/inserted``.
    let byPosition: [Int64]
    /// Whether each inserted model updated a stored row with its unique values, in the
    /// same order.
    let isUpsert: [Bool]
    /// The keys by model, for relationships whose targets are inserted models: nil when
    /// no model of the save has a relationship.
    private let byModel: [ObjectIdentifier: Int64]?

    init(inserted: [any PersistentModel], keys: [Int64], isUpsert: [Bool], lookup: Bool) {
        byPosition = keys
        self.isUpsert = isUpsert
        byModel =
            lookup
            ? Dictionary(uniqueKeysWithValues: zip(inserted.lazy.map { ObjectIdentifier($0) }, keys)) : nil
    }

    /// How many inserted models updated a stored row.
    var upsertCount: Int { isUpsert.lazy.filter { $0 }.count }

    /// The key given to `model`, if it is one of the inserted models.
    func key(of model: any PersistentModel) -> Int64? {
        byModel?[ObjectIdentifier(model)]
    }
}
