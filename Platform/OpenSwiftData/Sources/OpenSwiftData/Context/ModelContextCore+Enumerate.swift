import Foundation
internal import GRDB

extension ModelContextCore {
    /// The work of ``ModelContext/enumerate(_:batchSize:allowEscapingMutations:block:)``.
    func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>,
        batchSize: Int = 5000,
        allowEscapingMutations: Bool = false,
        block: (T) throws -> Void
    ) throws {
        if let store = try dataStore(for: T.self) {
            try enumerate(descriptor, from: store, batchSize: max(1, batchSize), block: block)
            return
        }
        let entity = try self.descriptor(for: T.self)
        checkMainActor(for: entity)
        var unpaged = descriptor
        unpaged.fetchOffset = nil
        unpaged.fetchLimit = nil
        var walk = EnumerationWalk(
            descriptor: descriptor, plan: try fetchPlan(for: unpaged, includingPending: false),
            batchSize: max(1, batchSize), escapingChanges: allowEscapingMutations ? nil : ContextChanges(of: self))
        let pending = pendingModels(of: entity, descriptor).candidates
        let unsavedInserts = pending.compactMap { model -> T? in
            guard model.persistentBackingData.state == .inserted else { return nil }
            return model as? T
        }
        // Stored models with unsaved changes: their rows may not match where they now do.
        let unsavedChanges = pending.compactMap { model -> T? in
            let backing = model.persistentBackingData
            guard backing.state == .persisted, backing.hasChangedProperties else { return nil }
            return model as? T
        }
        do {
            try walk.run(in: self, unsavedInserts: unsavedInserts, unsavedChanges: unsavedChanges, block: block)
        } catch let error as SwiftDataError {
            throw error
        } catch let error as DatabaseError {
            throw SQLiteErrors.swiftDataError(error, path: container.store(for: entity).identifier)
        }
    }
}

/// One ``ModelContextCore/enumerate(_:batchSize:allowEscapingMutations:block:)``: which
/// rows it walks, and where it is.
private struct EnumerationWalk<T: PersistentModel> {
    let descriptor: FetchDescriptor<T>
    let entity: EntityDescriptor
    let batchSize: Int
    /// The fetch over the stored rows, without paging (the walk counts offset and limit
    /// itself) and without unsaved changes (the walk takes them into account itself).
    let plan: FetchPlan
    /// Matches still to skip (`fetchOffset`), and to yield (`fetchLimit`).
    private var toSkip: Int
    private var toYield: Int
    /// The context's changes before the walk, when the block must not leave changes of
    /// its own (`allowEscapingMutations: false`); models given to the block so far.
    private let escapingChanges: ContextChanges?
    private var given = 0
    /// The context's stored models with unsaved changes when the walk began, which the
    /// store's rows may not select, and those of them the walk reached through a row.
    private var unsavedChanges: [T] = []
    private var reached = Set<ObjectIdentifier>()
    /// Whether the descriptor has a predicate, and whether SQL expresses all of it, so that
    /// a row the store matched needs no test in Swift unless its model has unsaved
    /// changes. Flags read once: this code is not specialized for `T`, and reading
    /// `descriptor.predicate` looks up the metadata of `Predicate<T>?` each time.
    private let hasPredicate: Bool
    private let predicateIsExactInSQL: Bool

    /// A walk of `descriptor`'s matches; `plan` is the fetch of the stored rows, without
    /// paging and without unsaved changes.
    init(descriptor: FetchDescriptor<T>, plan: FetchPlan, batchSize: Int, escapingChanges: ContextChanges?) {
        self.descriptor = descriptor
        self.entity = plan.entity
        self.batchSize = batchSize
        self.plan = plan
        self.toSkip = descriptor.fetchOffset ?? 0
        self.toYield = descriptor.fetchLimit ?? .max
        self.escapingChanges = escapingChanges
        self.hasPredicate = descriptor.predicate != nil
        self.predicateIsExactInSQL = plan.condition?.isExact == true
    }

    /// The store's condition for the predicate, when SQL can express some of it.
    private var condition: SQLCondition? { plan.condition }
    /// `ORDER BY` for the sort, when SQL can express it.
    private var orderBy: String? { plan.orderBy }

    private var primaryKey: String { entity.keySQL }

    private var whereClause: (sql: String, arguments: [DatabaseValue]) {
        guard let condition else { return ("", []) }
        return (" AND (\(condition.fragment.sql))", condition.fragment.arguments)
    }

    mutating func run(
        in context: ModelContextCore, unsavedInserts: [T], unsavedChanges: [T], block: (T) throws -> Void
    ) throws {
        self.unsavedChanges = unsavedChanges
        try walk(in: context, unsavedInserts: unsavedInserts, block: block)
        try checkEscapingChanges(in: context)
    }

    private mutating func walk(in context: ModelContextCore, unsavedInserts: [T], block: (T) throws -> Void) throws {
        if descriptor.sortBy.isEmpty {
            try walkByKey(in: context, block: block)
        } else if orderBy != nil, unsavedChanges.isEmpty, unsavedInserts.isEmpty {
            try walkSortedKeys(in: context, block: block)
        } else {
            // Only Swift can sort (by the sort, or by unsaved values the rows do not show, or
            // unsaved inserts among the rows): every match is read, unsaved changes and
            // inserts included, then walked, in the order a fetch returns them.
            var everything = descriptor
            everything.fetchOffset = nil
            everything.fetchLimit = nil
            everything.includePendingChanges = !unsavedChanges.isEmpty || !unsavedInserts.isEmpty
            for model in try context.fetch(everything) {
                if try yield(model, block, context) == false { return }
            }
            if everything.includePendingChanges { return }
        }
        // Each stored model whose unsaved changes made it match where its row does not.
        for model in unsavedChanges where !reached.contains(ObjectIdentifier(model)) {
            if let predicate = descriptor.predicate, try !predicate.evaluate(model) { continue }
            if try yield(model, block, context) == false { return }
        }
        // Each model that was an unsaved insert when the walk began, even one that a save
        // in the block has written since: its new key is above every key the walk reads.
        for model in unsavedInserts {
            if let predicate = descriptor.predicate, try !predicate.evaluate(model) { continue }
            if try yield(model, block, context) == false { return }
        }
    }

    /// Pages of `batchSize` rows in key order, each starting after the last key of the
    /// one before, up to the highest key when the walk began.
    private mutating func walkByKey(in context: ModelContextCore, block: (T) throws -> Void) throws {
        let highest = try context.access(for: entity).read { db in
            try Int64.fetchOne(db, sql: "SELECT max(\(primaryKey)) FROM \(entity.fromSQL)")
        }
        guard let highest else { return }
        let filter = whereClause
        let sql =
            "\(plan.query.selectSQL) WHERE \(primaryKey) > ? AND \(primaryKey) <= ?\(filter.sql) "
            + "ORDER BY \(primaryKey) LIMIT ?"
        var after: Int64 = .min
        while true {
            let arguments = [after.databaseValue, highest.databaseValue] + filter.arguments + [batchSize.databaseValue]
            let page = try context.access(for: entity).read { db in
                try context.materializeAll(sql: sql, arguments: arguments, query: plan.query, as: T.self, db: db)
            }
            guard let last = page.last?.persistentBackingData.primaryKey else { return }
            after = last
            try context.prefetch(plan.prefetched, of: page, entity: entity)
            for model in page {
                if try yield(model, block, context) == false { return }
            }
            if page.count < batchSize { return }
        }
    }

    /// The keys of the matching rows in the sort's order, read once, then the models in
    /// pages of `batchSize` keys.
    private mutating func walkSortedKeys(in context: ModelContextCore, block: (T) throws -> Void) throws {
        let keys = try context.matchingKeys(plan)
        var start = 0
        while start < keys.count {
            let pageKeys = keys.keys(at: start..<min(keys.count, start + batchSize))
            start += pageKeys.count
            // A row deleted since the keys were read has no model: the walk goes past it.
            let page = try context.models(keyed: pageKeys, query: plan.query, as: T.self)
            try context.prefetch(plan.prefetched, of: page, entity: entity)
            for model in page {
                if try yield(model, block, context) == false { return }
            }
        }
    }

    /// Gives `model` to `block` if it still matches and the offset is passed; false once
    /// the limit is reached.
    private mutating func yield(_ model: T, _ block: (T) throws -> Void, _ context: ModelContextCore) throws -> Bool {
        guard toYield > 0 else { return false }
        if !unsavedChanges.isEmpty { reached.insert(ObjectIdentifier(model)) }
        let backing = model.persistentBackingData
        guard backing.state != .deleted, backing.state != .detached else { return true }
        if hasPredicate, !predicateIsExactInSQL || backing.hasChangedProperties, let predicate = descriptor.predicate {
            guard try predicate.evaluate(model) else { return true }
        }
        if toSkip > 0 {
            toSkip -= 1
            return true
        }
        toYield -= 1
        try block(model)
        given += 1
        if given % batchSize == 0 { try checkEscapingChanges(in: context) }
        return toYield > 0
    }

    /// Fails when the block left changes of its own unsaved and must not.
    private func checkEscapingChanges(in context: ModelContextCore) throws {
        guard let escapingChanges else { return }
        let count = escapingChanges.newChanges(in: context)
        if count > 0 { throw SwiftDataError.mutationsEscapedEnumeration(entity: entity.name, count: count) }
    }
}
