import Foundation
internal import GRDB

extension ModelContextCore {
    /// The work of ``ModelContext/fetch(_:)``.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        if let store = try dataStore(for: T.self) { return try fetch(descriptor, from: store) }
        let plan = try fetchPlan(for: descriptor)
        do {
            let models = try access(for: plan.entity).read { db in try plan.run(descriptor, in: self, db: db) }
            // Checked here: passing `[T]` as a collection looks up its conformance at every
            // call, which a point lookup would pay for nothing.
            if !plan.prefetched.isEmpty { try prefetch(plan.prefetched, of: models, entity: plan.entity) }
            return models
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SQLiteErrors.swiftDataError(error, path: container.store(for: plan.entity).identifier)
        }
    }

    /// How a fetch of `descriptor` runs in this context.
    func fetchPlan<T: PersistentModel>(for descriptor: FetchDescriptor<T>, includingPending: Bool = true) throws
        -> FetchPlan
    {
        let entity = try self.descriptor(for: T.self)
        checkMainActor(for: entity)
        return try FetchPlan(
            descriptor: descriptor, entity: entity, query: query(for: entity),
            pending: includingPending ? pendingModels(of: entity, descriptor) : PendingModels(), cache: fetchCache)
    }

    /// The work of ``ModelContext/fetchCount(_:)``.
    func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        if let store = try dataStore(for: T.self) { return try fetchCount(descriptor, from: store) }
        let entity = try self.descriptor(for: T.self)
        let pending = pendingModels(of: entity, descriptor)
        if pending.isEmpty, let predicate = descriptor.predicate,
            let condition = PredicateTranslator.condition(for: predicate, entity: entity), condition.isExact
        {
            return try count(entity: entity, condition: condition.fragment, descriptor: descriptor)
        }
        if pending.isEmpty, descriptor.predicate == nil {
            return try count(entity: entity, condition: nil, descriptor: descriptor)
        }
        return try fetch(descriptor).count
    }

    private func count<T>(entity: EntityDescriptor, condition: SQLFragment?, descriptor: FetchDescriptor<T>) throws
        -> Int
    {
        var sql = "SELECT COUNT(*) FROM \(entity.fromSQL)"
        if let condition { sql += " WHERE \(condition.sql)" }
        let total = try access(for: entity).read { db in
            try Int.fetchOne(db, sql: sql, arguments: StatementArguments(databaseValues: condition?.arguments ?? []))
                ?? 0
        }
        let afterOffset = max(0, total - (descriptor.fetchOffset ?? 0))
        return descriptor.fetchLimit.map { min($0, afterOffset) } ?? afterOffset
    }

    /// Unsaved inserts, changes and deletes of an entity that a fetch must reflect.
    func pendingModels<T>(of entity: EntityDescriptor, _ descriptor: FetchDescriptor<T>) -> PendingModels {
        guard descriptor.includePendingChanges else { return PendingModels() }
        var pending = PendingModels()
        for model in insertedModels.models where model.persistentBackingData.entity.isKind(of: entity) {
            pending.candidates.append(model)
        }
        for model in changedModels.models where model.persistentBackingData.entity.isKind(of: entity) {
            pending.candidates.append(model)
            pending.excluded.insert(ObjectIdentifier(model))
        }
        for model in deletedModels.models where model.persistentBackingData.entity.isKind(of: entity) {
            pending.excluded.insert(ObjectIdentifier(model))
        }
        return pending
    }

    // MARK: Materializing rows

    /// The model for a row read with `query`: the registered instance when there is one,
    /// else a new model of the row's entity (`T`, or a subclass of it when the row is of
    /// a sub-entity). The row joins `batch`, for faulting relationships in batches.
    func materialize<T: PersistentModel>(_ row: FetchedRow, query: EntityQuery, as type: T.Type, batch: FetchBatch?)
        -> T
    {
        materialize(row, query: query, as: type, batch: batch, table: identityMap.table(for: query.entity))
    }

    /// ``materialize(_:query:as:batch:)`` with the entity's identity-map table, which a
    /// fetch takes once for all its rows. A query of some columns only (a partial fetch)
    /// refreshes a registered model's values of those columns, and keeps its others.
    private func materialize<T: PersistentModel>(
        _ row: FetchedRow, query: EntityQuery, as type: T.Type, batch: FetchBatch?, table: PrimaryKeyTable
    ) -> T {
        let probe = table.probe(row.primaryKey)
        if let existing = table.object(at: probe) {
            return refreshed(existing, from: row, query: query, as: type, batch: batch)
        }
        guard let discriminator = query.discriminatorColumn else {
            return newModel(
                from: row, kind: query.rootKind, isRoot: true, as: type, batch: batch, table: table, probe: probe)
        }
        let rowKind = Int(row.int64(at: discriminator))
        return newModel(
            from: row, kind: query.kinds[rowKind], isRoot: rowKind == 0, as: type, batch: batch, table: table,
            probe: probe)
    }

    /// A new model for `row`, a row of `kind`'s entity not registered yet, registered at
    /// `probe` in `table`: a `T`, or, unless `isRoot`, a model of its sub-entity's own
    /// class. `kind` is borrowed: for a query of one entity it is the query's
    /// ``EntityQuery/rootKind``, where a copy out of the query's arrays at every row costs
    /// a retain and a release of each of its parts.
    private func newModel<T: PersistentModel>(
        from row: FetchedRow, kind: EntityQuery.RowKind, isRoot: Bool, as type: T.Type, batch: FetchBatch?,
        table: PrimaryKeyTable, probe: PrimaryKeyTable.Probe
    ) -> T {
        let backing = ModelBackingData.make(entity: kind.entity, primaryKey: row.primaryKey) { values in
            if let unread = kind.unreadValues {
                row.initialize(values, unread: unread, columns: kind.columns)
            } else {
                row.initialize(values, columns: kind.columns)
            }
        }
        backing.context = self
        backing.identityTable = table
        backing.state = .persisted
        join(batch, backing, primaryKey: row.primaryKey)
        // Made as an object, which the table takes as it is: registering a `T` converts it
        // to one, a copy (a retain and a release) per row. `backing` is handed over.
        let model: AnyObject =
            isRoot
            ? T(backingData: consume backing) : Self.model(of: kind.entity, backingData: consume backing, as: T.self)
        table.register(model, at: probe)
        return unsafeDowncast(model, to: T.self)
    }

    /// A registered model read again: one without unsaved changes shows the row's values
    /// (those of its columns the query read), and its relationships are read again on
    /// next access.
    private func refreshed<T: PersistentModel>(
        _ existing: AnyObject, from row: FetchedRow, query: EntityQuery, as type: T.Type, batch: FetchBatch?
    ) -> T {
        guard let typed = existing as? T else {
            preconditionFailure(
                "a row of \(query.entity.name) is registered as \(Swift.type(of: existing)), not \(T.self)")
        }
        let backing = typed.persistentBackingData
        // A model without unsaved changes shows the latest stored values.
        if backing.state == .persisted, !backing.hasChangedProperties {
            let rowKind = query.discriminatorColumn.map { Int(row.int64(at: $0)) } ?? 0
            let columns = query.kinds[rowKind].columns
            backing.withStoredValues { row.assign(to: $0, columns: columns) }
            for property in backing.entity.properties where property.relationship != nil {
                backing.setRelationship(.notLoaded, at: property.index)
            }
        }
        join(batch, backing, primaryKey: row.primaryKey)
        return typed
    }

    /// A model of a sub-entity of `T`'s entity: an instance of its own class.
    private static func model<T: PersistentModel>(
        of entity: EntityDescriptor, backingData: ModelBackingData, as _: T.Type
    ) -> T {
        func make<Model: PersistentModel>(_: Model.Type) -> any PersistentModel { Model(backingData: backingData) }
        guard let model = make(entity.modelType) as? T else {
            preconditionFailure("\(entity.name) is not a kind of \(T.self)")
        }
        return model
    }

    /// Adds the row to `batch`, which is nil for a fetch of every column of an entity
    /// without to-many relationships: only those relationships and the values a partial
    /// fetch left out are read in batches (``FetchBatch/forRows(of:)``).
    private func join(_ batch: FetchBatch?, _ backing: ModelBackingData, primaryKey: Int64) {
        guard let batch else { return }
        backing.fetchBatch = batch
        backing.fetchBatchPosition = batch.append(primaryKey)
    }

    /// The model for a row of an entity known only at run time, read with `query`.
    func materialize(_ row: FetchedRow, query: EntityQuery, batch: FetchBatch?) -> any PersistentModel {
        func make<T: PersistentModel>(_ type: T.Type) -> any PersistentModel {
            materialize(row, query: query, as: type, batch: batch)
        }
        return make(query.entity.modelType)
    }

    /// Calls `body` with each row of `statement`, run with `arguments`, and its model,
    /// read with `query` as ``materialize(_:query:batch:)`` reads it: the model type is
    /// opened, and the identity-map table taken, once for all the rows.
    func forEachModel(
        in statement: Statement, arguments: [DatabaseValue], query: EntityQuery, batch: FetchBatch?, db: Database,
        _ body: (FetchedRow, any PersistentModel) throws -> Void
    ) throws {
        func run<T: PersistentModel>(_: T.Type) throws {
            let table = identityMap.table(for: query.entity)
            try FetchedRow.forEach(in: statement, arguments: arguments, db: db) { row in
                try body(row, materialize(row, query: query, as: T.self, batch: batch, table: table))
            }
        }
        try run(query.entity.modelType)
    }

    /// The query of an entity's rows in this context's schema.
    func query(for entity: EntityDescriptor) -> EntityQuery {
        container.schema.layout.query(for: entity)
    }

    /// The model of an entity with a primary key, or nil when there is no such row.
    func model(of entity: EntityDescriptor, primaryKey: Int64, db: Database) throws -> (any PersistentModel)? {
        if let existing = identityMap[IdentityMap.key(entity, primaryKey)] { return existing }
        let query = query(for: entity)
        var model: (any PersistentModel)?
        let statement = try db.fetchStatement(sql: query.selectByKeySQL)
        try FetchedRow.forEach(in: statement, arguments: [primaryKey.databaseValue], db: db) {
            model = materialize($0, query: query, batch: nil)
        }
        return model
    }

    /// The models of the rows with these keys, in the keys' order, read in one query; a
    /// row that no longer exists has none, and the list is shorter. Consecutive keys (a
    /// batch of a fetch in key order) are read as a range of the primary key, in key
    /// order, which is already theirs; others through a list of them, then put in the
    /// list's order by a table of the keys' positions. Concrete collections: this runs
    /// unspecialized for the model type, where a `Dictionary` of the model type costs a
    /// metadata lookup per row.
    func models<T: PersistentModel>(keyed keys: [Int64], query: EntityQuery, as type: T.Type) throws -> [T] {
        guard let first = keys.first else { return [] }
        let consecutive = Self.areConsecutive(keys)
        let sql: String
        let arguments: [DatabaseValue]
        if consecutive {
            sql = "\(query.selectSQL) WHERE \(query.keySQL) BETWEEN ? AND ? ORDER BY \(query.keySQL)"
            arguments = [first.databaseValue, (first + Int64(keys.count - 1)).databaseValue]
        } else {
            sql = "\(query.selectSQL) WHERE \(query.keySQL) IN (SELECT value FROM json_each(?))"
            arguments = [("[" + keys.map(String.init).joined(separator: ",") + "]").databaseValue]
        }
        let models = try access(for: query.entity).read { db in
            try materializeAll(sql: sql, arguments: arguments, query: query, as: type, db: db)
        }
        if consecutive { return models }
        var positions: [Int64: Int] = [:]
        positions.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() where positions[key] == nil { positions[key] = position }
        var placed = [T?](repeating: nil, count: keys.count)
        for model in models {
            if let key = model.persistentBackingData.primaryKey, let position = positions[key] {
                placed[position] = model
            }
        }
        return placed.compactMap { $0 }
    }

    /// Whether each key is one more than the key before it.
    private static func areConsecutive(_ keys: [Int64]) -> Bool {
        guard var expected = keys.first else { return true }
        for key in keys {
            guard key == expected else { return false }
            expected = key &+ 1
        }
        return true
    }

    /// Every model of type `T` a query of `query`'s rows returns, in order; the models
    /// form one ``FetchBatch``. A query of some columns only (a partial fetch) makes
    /// models that read the others on first access.
    func materializeAll<T: PersistentModel>(
        sql: String, arguments: [DatabaseValue], query: EntityQuery, as type: T.Type, db: Database
    ) throws -> [T] {
        // Every model of a partial fetch joins a batch, so that a value read later is read
        // for its neighbours too.
        let batch =
            query.rootKind.unreadValues == nil ? FetchBatch.forRows(of: query.entity) : FetchBatch(entity: query.entity)
        let table = identityMap.table(for: query.entity)
        var collected = CollectedModels()
        try FetchedRow.forEach(in: try db.fetchStatement(sql: sql), arguments: arguments, db: db) {
            collected.append(materialize($0, query: query, as: type, batch: batch, table: table))
        }
        return collected.array(of: T.self)
    }
}

/// The unsaved models a fetch must take into account.
struct PendingModels {
    /// Inserted and changed models, which match or not by their current values.
    var candidates: [any PersistentModel] = []
    /// Changed and deleted models, whose stored rows no longer speak for them.
    var excluded = Set<ObjectIdentifier>()

    var isEmpty: Bool { candidates.isEmpty && excluded.isEmpty }
}
