import Foundation
import GRDB

extension ModelContextCore {
    /// The work of ``ModelContext/save()``.
    func save() throws {
        endUndoEvent()
        guard hasChanges else {
            changedModels.removeAll()
            return
        }
        let changed = changedModels.models.filter {
            $0.persistentBackingData.state == .persisted && $0.persistentBackingData.hasChangedProperties
        }
        let parts = StorePart.parts(
            inserted: insertedModels.models, changed: changed, deleted: deletedModels.models, stores: container.stores)
        guard parts.allSatisfy({ container.stores.stores[$0.storeIndex].allowsSave }) else {
            throw SwiftDataError.saveNotAllowed
        }
        try checkUnreadRelationships()
        try checkUnstorableValues()
        try checkDenyRules()
        try checkRequiredRelationships()
        try checkModelCounts()
        NotificationCenter.default.post(name: ModelContext.willSave, object: handle)
        if container.stores.dataStores != nil { try saveToDataStores(changed: changed) }
        let operations = parts.map { part in
            SaveOperation(
                inserted: part.inserted, changed: part.changed, deleted: part.deleted,
                layout: container.stores.schemas[part.storeIndex].layout, author: author,
                externalData: ExternalDataChanges(storeURL: container.stores.stores[part.storeIndex].url))
        }
        let outcome = NestedTransactions.run(
            count: operations.count, path: { self.container.stores.stores[parts[$0].storeIndex].identifier },
            transaction: { position, body in try self.access(toStore: parts[position].storeIndex).write(body) }
        ) { position, db in try operations[position].run(db) }
        var saved = SavedIdentifiers()
        for (operation, written) in zip(operations, outcome.committed) {
            // The large data files a store's part wrote go with its rolled-back rows.
            guard let written else {
                operation.externalData?.discardWritten()
                continue
            }
            if let ledger {
                ledger.record(
                    inserted: zip(written.isUpsert, operation.insertedBackings).compactMap { isUpsert, backing in
                        isUpsert ? nil : backing.entity.name
                    },
                    updated: operation.changed.count + written.upsertCount,
                    deleted: operation.deletedBackings.compactMap { $0.primaryKey == nil ? nil : $0.entity.name }
                )
            }
            settle(operation, keys: written, into: &saved)
        }
        if outcome.error == nil {
            insertedModels.removeAll()
            changedModels.removeAll()
            deletedModels.removeAll()
        } else {
            for (operation, written) in zip(operations, outcome.committed) where written != nil {
                for model in operation.inserted { insertedModels.remove(model) }
                for model in operation.changed { changedModels.remove(model) }
                for model in operation.deleted { deletedModels.remove(model) }
            }
        }
        if !saved.isEmpty { announce(saved) }
        if let error = outcome.error { throw error }
    }

    /// The identifiers of what a save wrote, for its notifications.
    private struct SavedIdentifiers {
        var inserted: [PersistentIdentifier] = []
        var updated: [PersistentIdentifier] = []
        var deleted: [PersistentIdentifier] = []

        var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

        /// Adds a store's inserted and updated identifiers. The first store's lists are
        /// kept as they are: a save to one store copies none.
        mutating func add(inserted newInserted: [PersistentIdentifier], updated newUpdated: [PersistentIdentifier]) {
            if inserted.isEmpty { inserted = newInserted } else { inserted += newInserted }
            if updated.isEmpty { updated = newUpdated } else { updated += newUpdated }
        }
    }

    /// Brings the models of one store's part of a save in line with what it wrote.
    private func settle(_ operation: SaveOperation, keys: InsertedKeys, into saved: inout SavedIdentifiers) {
        for backing in operation.deletedBackings {
            saved.deleted.append(backing.persistentModelID)
            if let primaryKey = backing.primaryKey {
                identityMap.remove(IdentityMap.key(backing.entity, primaryKey))
            }
            backing.leaveContext()
            // Its row is gone: inserted again, the model is a new row with a new key.
            // Until then it keeps the identifier its row had, as SwiftData's do.
            backing.forgetPrimaryKey()
            backing.forgetSnapshot()
            backing.forgetChangedProperties()
        }
        for (position, (model, backing)) in zip(operation.inserted, operation.insertedBackings).enumerated() {
            let primaryKey = keys.byPosition[position]
            if keys.isUpsert[position], let registered = identityMap[IdentityMap.key(backing.entity, primaryKey)],
                registered !== model
            {
                settleUpsert(of: backing, key: primaryKey, into: registered.persistentBackingData)
                continue
            }
            backing.primaryKey = primaryKey
            backing.state = .persisted
            identityMap.register(model, for: primaryKey)
        }
        // Each list on its own: joined, they would be copied, a retain and a release per model.
        for backing in operation.insertedBackings { settleWritten(backing) }
        for backing in operation.changedBackings { settleWritten(backing) }
        saved.add(
            inserted: operation.inserted.map(\.persistentModelID), updated: operation.changed.map(\.persistentModelID))
    }

    /// One row, one live model: when an inserted model updated a stored row (its unique
    /// values matched) that this context holds a model of, the held model stays the row's
    /// model. It shows the attributes the upsert wrote, except those it changed itself in
    /// the same save (written after the upsert), and reads its relationships again on
    /// next access. The inserted model leaves the context, as a deleted one does, with the
    /// row's identifier: other models of the context refer to the held one.
    private func settleUpsert(of inserted: ModelBackingData, key: Int64, into registered: ModelBackingData) {
        let ownChanges = registered.changedProperties
        for index in registered.entity.columnPropertyIndices
        where registered.entity.properties[index].relationship == nil && !ownChanges.contains(index) {
            registered.setStoredValue(inserted.storedValue(at: index), at: index)
        }
        for property in registered.entity.properties where property.relationship != nil {
            registered.setRelationship(.notLoaded, at: property.index)
        }
        inserted.primaryKey = key
        inserted.state = .detached
        inserted.leaveContext()
        inserted.forgetChangedProperties()
    }

    /// Brings an inserted or changed model's backing data in line with what its save
    /// wrote: its to-one relationships' keys are stored, and its changes forgotten.
    private func settleWritten(_ backing: ModelBackingData) {
        for index in backing.entity.toOnePropertyIndices {
            if case .toOne(let target) = backing.relationship(at: index) {
                backing.setStoredValue(
                    target?.persistentBackingData.primaryKey.map { .integer($0) } ?? .null, at: index)
            }
        }
        backing.forgetChangedProperties()
        backing.forgetSnapshot()
    }

    /// Tells observers what a save wrote, once it has committed: at once, or, for a
    /// context inside a caller's transaction (a sync transaction's), when that
    /// transaction commits (``heldChanges``). An observer that reads the store, on any
    /// connection, then sees what the save wrote.
    private func announce(_ saved: SavedIdentifiers) {
        let change = ModelContainer.Change(
            inserted: saved.inserted, updated: saved.updated, deleted: saved.deleted, erasedAll: false)
        if heldChanges != nil {
            heldChanges?.append(change)
        } else {
            announce(change)
        }
    }

    /// Posts the did-save notification of a committed save and tells the container's
    /// observers.
    func announce(_ change: ModelContainer.Change) {
        NotificationCenter.default.post(
            name: ModelContext.didSave, object: handle,
            userInfo: [
                ModelContext.NotificationKey.insertedIdentifiers.rawValue: change.inserted,
                ModelContext.NotificationKey.updatedIdentifiers.rawValue: change.updated,
                ModelContext.NotificationKey.deletedIdentifiers.rawValue: change.deleted,
            ])
        container.saveBroadcaster.publish(change)
        if !isMainContext { container.mergeIntoMainContext(change) }
    }
}

/// The SQL of one save: deletes, then inserts (or upserts on unique values), then
/// updates of changed columns, then join-table rows, then the save's history.
struct SaveOperation {
    let inserted: [any PersistentModel]
    let changed: [any PersistentModel]
    let deleted: [any PersistentModel]
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
        layout: StoreLayout, author: String?, externalData: ExternalDataChanges?
    ) {
        self.inserted = inserted
        self.changed = changed
        self.deleted = deleted
        self.insertedBackings = inserted.map(\.persistentBackingData)
        self.changedBackings = changed.map(\.persistentBackingData)
        self.deletedBackings = deleted.map(\.persistentBackingData)
        self.layout = layout
        self.author = author
        self.externalData = externalData
    }

    private static let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)

    /// Runs the save's SQL and returns the primary key given to each inserted model, and
    /// which of them updated a stored row with the same unique values.
    func run(_ db: Database) throws -> InsertedKeys {
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
        for backing in deletedBackings {
            guard let key = backing.primaryKey else { continue }
            try externalData?.replaceValues(of: backing.entity, key: key, columns: nil, db: db)
            try deleteRow(of: backing.entity, key: key, clearing: &clearedRequired, db: db)
        }
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
        // One buffer for every row's values, filled again for each.
        var rowValues: [StoredValue] = []
        for (position, backing) in insertedBackings.enumerated() {
            let key = keys.byPosition[position]
            rowValues.removeAll(keepingCapacity: true)
            appendColumnValues(of: backing, keyOf: keyOf, to: &rowValues)
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
            try update(backing.entity, key: key, columns: columns, values: changedValues, db: db)
        }
        try writeJoinTables(keyOf: keyOf, upserts: keys, db: db)
        try checkCleared(clearedRequired, db: db)
        try StoreHistory.record(historyEntries(keys: keys), author: author, db: db)
        externalData?.settle(in: db)
        return keys
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
        var claimed: [String: Int64] = [:]
        // The last root entity given a key, and that key: the models of a save come in
        // runs of one entity, which then cost no dictionary lookup each.
        var current: (root: ObjectIdentifier, key: Int64)?
        for backing in insertedBackings {
            let entity = backing.entity
            var signatures: [String] = []
            var existing: Int64?
            for group in entity.uniquenessConstraints {
                let indices = group.compactMap { entity.propertyIndexByName[$0] }
                let values = indices.map { backing.storedValue(at: $0) }
                guard !values.contains(where: \.isNull) else { continue }
                let signature = "\(entity.name)|\(group)|\(values)"
                signatures.append(signature)
                guard existing == nil else { continue }
                if let key = claimed[signature] {
                    existing = key
                    continue
                }
                let condition = indices.map { "\(entity.qualifiedColumn(of: $0)) = ?" }.joined(separator: " AND ")
                existing = try Int64.fetchOne(
                    db, sql: "SELECT \(entity.keySQL) FROM \(entity.fromSQL) WHERE \(condition)",
                    arguments: StatementArguments(storedValues: values))
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
            for signature in signatures { claimed[signature] = key }
        }
        if let last = current { nextKey[last.root] = last.key }
        let needsLookup =
            insertedBackings.contains { $0.entity.hasRelationships }
            || changedBackings.contains { $0.entity.hasRelationships }
        return (InsertedKeys(inserted: inserted, keys: keys, isUpsert: isUpsert, lookup: needsLookup), nextKey)
    }

    /// Appends the values of a model's columns to `values`, in column order; to-one
    /// relationships give their target's key.
    private func appendColumnValues(
        of backing: ModelBackingData, keyOf: (any PersistentModel) -> Int64?, to values: inout [StoredValue]
    ) {
        for index in backing.entity.columnPropertyIndices {
            values.append(columnValue(of: backing, at: index, keyOf: keyOf))
        }
    }

    /// The value of one column: the stored value of an attribute, or a to-one
    /// relationship's target key. An attribute is told by its codec, which a relationship
    /// has none of: reading it copies no ``PropertyDescriptor``.
    private func columnValue(of backing: ModelBackingData, at index: Int, keyOf: (any PersistentModel) -> Int64?)
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
    /// of the entities that declare them.
    private func update(
        _ entity: EntityDescriptor, key: Int64, columns: [Int], values: [StoredValue], db: Database
    ) throws {
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
        }
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
    /// ``checkCleared(_:db:)``.
    private func deleteRow(
        of entity: EntityDescriptor, key: Int64, clearing cleared: inout [ClearedReference], db: Database
    ) throws {
        for table in entity.tableChain {
            try db.execute(
                sql: "DELETE FROM \(table.quotedTable) WHERE \(Self.primaryKey) = ?", arguments: [key])
        }
        for reference in entity.tableChain.flatMap({ layout.references(to: $0.name) }) {
            switch reference {
            case .column(let table, let column, let required):
                if let required {
                    let referring = try Int64.fetchAll(
                        db, sql: "SELECT \(Self.primaryKey) FROM \(table) WHERE \(column) = ?", arguments: [key])
                    for row in referring {
                        cleared.append(ClearedReference(table: table, column: column, key: row, relationship: required))
                    }
                }
                try db.execute(sql: "UPDATE \(table) SET \(column) = NULL WHERE \(column) = ?", arguments: [key])
            case .joinRow(let table, let column):
                try db.execute(sql: "DELETE FROM \(table) WHERE \(column) = ?", arguments: [key])
            }
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

    /// Rewrites the join-table rows of changed to-many relationships. The side that owns
    /// the table writes last, so that its order is the one kept. An upsert (an inserted
    /// model that updated a stored row) keeps the row's links where it holds none.
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
                if isOwner {
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
