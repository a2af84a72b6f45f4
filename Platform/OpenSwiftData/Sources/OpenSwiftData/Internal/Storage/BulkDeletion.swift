internal import GRDB

/// Rows of one entity that ``ModelContext/delete(model:where:includeSubclasses:)`` deletes,
/// chosen by SQL: their models are never read.
struct BulkDeleteRequest {
    let entity: EntityDescriptor
    /// The predicate's SQL over `entity.fromSQL`; nil for every row.
    let condition: SQLFragment?
    /// Whether rows of the entity's sub-entities go too.
    let includeSubclasses: Bool
    /// Rows the context held changed models of when the delete was asked for: whether
    /// they go was decided then, on the models' values, not on the stored ones.
    let excludedKeys: [Int64]
}

/// The SQL of a save's bulk deletions, in the save's transaction and in two steps: the
/// rows the requests select are noted (``init(requests:layout:db:)``) before the save
/// writes its inserts and updates, and deleted (``finish(externalData:history:registered:db:)``)
/// after, with their delete rules.
///
/// The rows are kept in a temporary table, never in memory: deleting a million rows costs
/// the memory of deleting one. Each row is noted with its hierarchy (its root entity's
/// position in the layout: keys are unique within a hierarchy), its most derived entity,
/// and the round of the cascade that reached it.
struct BulkDeletion {
    private static let table = "temp.openswiftdata_bulk_delete"
    private static let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)

    private let layout: StoreLayout
    /// Each entity's position in ``layout``.
    private let positions: [ObjectIdentifier: Int]
    private let entitiesByName: [String: EntityDescriptor]

    /// What a bulk deletion deleted.
    struct Outcome {
        /// How many rows of each entity (the most derived one of each row) went.
        var counts: [String: Int] = [:]
        /// The models a context held of rows that went.
        var registeredModels: [any PersistentModel] = []
    }

    /// Creates the table of rows to delete and notes the rows each request selects.
    init(requests: [BulkDeleteRequest], layout: StoreLayout, db: Database) throws {
        self.layout = layout
        var positions: [ObjectIdentifier: Int] = [:]
        for (position, entity) in layout.entities.enumerated() { positions[ObjectIdentifier(entity)] = position }
        self.positions = positions
        entitiesByName = Dictionary(layout.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        try db.execute(sql: "DROP TABLE IF EXISTS \(Self.table)")
        try db.execute(
            sql: """
                CREATE TEMP TABLE openswiftdata_bulk_delete (hierarchy INTEGER NOT NULL, key INTEGER NOT NULL, \
                entity INTEGER NOT NULL, round INTEGER NOT NULL, PRIMARY KEY (hierarchy, key)) WITHOUT ROWID
                """)
        for request in requests { try note(request, db: db) }
    }

    private func position(of entity: EntityDescriptor) -> Int {
        guard let position = positions[ObjectIdentifier(entity)] else {
            preconditionFailure("\(entity.name) is not an entity of the store's layout")
        }
        return position
    }

    private func hierarchy(of entity: EntityDescriptor) -> Int { position(of: entity.rootEntity) }

    /// The keys of the noted rows of a hierarchy, as a subquery.
    private func keys(ofHierarchy hierarchy: Int) -> String {
        "SELECT key FROM \(Self.table) WHERE hierarchy = \(hierarchy)"
    }

    private func note(_ request: BulkDeleteRequest, db: Database) throws {
        let entity = request.entity
        var conditions: [String] = []
        var arguments: [DatabaseValue] = []
        if let condition = request.condition {
            conditions.append("(\(condition.sql))")
            arguments += condition.arguments
        }
        if !request.excludedKeys.isEmpty {
            conditions.append("\(entity.keySQL) NOT IN (SELECT value FROM json_each(?))")
            arguments.append(("[" + request.excludedKeys.map(String.init).joined(separator: ",") + "]").databaseValue)
        }
        if !request.includeSubclasses {
            for subentity in layout.entities where subentity.superentity === entity {
                conditions.append("\(entity.keySQL) NOT IN (SELECT \(Self.primaryKey) FROM \(subentity.quotedTable))")
            }
        }
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO \(Self.table) (hierarchy, key, entity, round) \
                SELECT \(hierarchy(of: entity)), \(entity.keySQL), \(position(of: entity)), 0 FROM \(entity.fromSQL)
                """ + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")),
            arguments: StatementArguments(arguments))
        try refineEntities(below: entity, db: db)
    }

    /// Gives each noted row of `entity`'s hierarchy that belongs to one of its
    /// sub-entities that sub-entity, the deepest last.
    private func refineEntities(below entity: EntityDescriptor, db: Database) throws {
        let subentities = layout.entities.filter { $0 !== entity && $0.isKind(of: entity) }
            .sorted { $0.tableChain.count < $1.tableChain.count }
        for subentity in subentities {
            try db.execute(
                sql: """
                    UPDATE \(Self.table) SET entity = \(position(of: subentity)) \
                    WHERE hierarchy = \(hierarchy(of: subentity)) \
                    AND key IN (SELECT \(Self.primaryKey) FROM \(subentity.quotedTable))
                    """)
        }
    }

    // MARK: Finishing

    /// Applies the delete rules to the noted rows and deletes them, with their history,
    /// their files and every reference to them. `registered` gives the identity table
    /// of a hierarchy (by its root entity) when the saving context holds models of it.
    func finish(
        externalData: ExternalDataChanges?, history: inout StoreHistory.Recorder,
        registered: (EntityDescriptor) -> PrimaryKeyTable?, db: Database
    ) throws -> Outcome {
        try cascade(db: db)
        let noted = try notedEntities(db: db)
        try checkDenyRules(of: noted, db: db)
        let hierarchies = Set(noted.map { hierarchy(of: $0) })
        try checkRequiredReferences(to: hierarchies, db: db)
        var outcome = Outcome()
        for row in try Row.fetchAll(db, sql: "SELECT entity, count(*) FROM \(Self.table) GROUP BY entity") {
            outcome.counts[layout.entities[row[0]].name] = row[1]
        }
        for entity in noted {
            try recordHistory(of: entity, externalData: externalData, history: &history, db: db)
            try discardFiles(of: entity, externalData: externalData, db: db)
        }
        for hierarchy in hierarchies.sorted() {
            let root = layout.entities[hierarchy]
            guard let table = registered(root), table.count > 0 else { continue }
            let keys = try Int64.fetchCursor(db, sql: keys(ofHierarchy: hierarchy))
            while let key = try keys.next() {
                if let model = table[key] { outcome.registeredModels.append(model) }
            }
        }
        for hierarchy in hierarchies.sorted() { try deleteRows(ofHierarchy: hierarchy, history: &history, db: db) }
        try db.execute(sql: "DROP TABLE \(Self.table)")
        return outcome
    }

    /// The entities of the noted rows.
    private func notedEntities(db: Database) throws -> [EntityDescriptor] {
        try Int.fetchAll(db, sql: "SELECT DISTINCT entity FROM \(Self.table) ORDER BY entity").map {
            layout.entities[$0]
        }
    }

    /// Notes the targets of the noted rows' `.cascade` relationships, round after round,
    /// until a round reaches no row not noted yet.
    private func cascade(db: Database) throws {
        var round = 0
        while true {
            let entities = try Int.fetchAll(
                db, sql: "SELECT DISTINCT entity FROM \(Self.table) WHERE round = \(round)")
            guard !entities.isEmpty else { return }
            var reached: [EntityDescriptor] = []
            for noted in entities {
                let entity = layout.entities[noted]
                let rows = "SELECT key FROM \(Self.table) WHERE round = \(round) AND entity = \(noted)"
                for property in entity.properties where property.relationship?.deleteRule == .cascade {
                    guard let (sql, target) = targets(of: entity, at: property.index, rows: rows) else { continue }
                    try db.execute(
                        sql: """
                            INSERT OR IGNORE INTO \(Self.table) (hierarchy, key, entity, round) \
                            SELECT \(hierarchy(of: target)), k, \(position(of: target)), \(round + 1) FROM (\(sql))
                            """)
                    reached.append(target)
                }
            }
            for target in reached { try refineEntities(below: target, db: db) }
            round += 1
        }
    }

    /// The SQL that selects, as `k`, the keys of the targets of a relationship of the rows
    /// `rows` (a subquery of keys) selects, and the relationship's target entity; nil for a
    /// target outside the store.
    private func targets(of entity: EntityDescriptor, at index: Int, rows: String)
        -> (sql: String, target: EntityDescriptor)?
    {
        guard let relationship = entity.properties[index].relationship,
            let target = entitiesByName[String(describing: relationship.target)]
        else { return nil }
        let column = entity.properties[index].quotedName
        switch entity.storage(of: index) {
        case .column:
            let table = entity.declaringEntity(of: index).quotedTable
            return (
                "SELECT \(column) AS k FROM \(table) WHERE \(Self.primaryKey) IN (\(rows)) AND \(column) IS NOT NULL",
                target
            )
        case .inverseColumn(let inverseEntity, let inverseIndex):
            let table = inverseEntity.declaringEntity(of: inverseIndex).quotedTable
            let inverseColumn = inverseEntity.properties[inverseIndex].quotedName
            return ("SELECT \(Self.primaryKey) AS k FROM \(table) WHERE \(inverseColumn) IN (\(rows))", inverseEntity)
        case .joinTable(let joinTable, let isOwner):
            let (own, other) = isOwner ? ("source", "target") : ("target", "source")
            return ("SELECT \(other) AS k FROM \(joinTable.quotedName) WHERE \(own) IN (\(rows))", target)
        }
    }

    /// Fails when a noted row's `.deny` relationship has a target that is not noted too.
    private func checkDenyRules(of entities: [EntityDescriptor], db: Database) throws {
        for entity in entities {
            let rows = "SELECT key FROM \(Self.table) WHERE entity = \(position(of: entity))"
            for property in entity.properties where property.relationship?.deleteRule == .deny {
                guard let (sql, target) = targets(of: entity, at: property.index, rows: rows) else { continue }
                let remaining =
                    try Int.fetchOne(
                        db,
                        sql:
                            "SELECT count(*) FROM (\(sql)) WHERE k NOT IN (\(keys(ofHierarchy: hierarchy(of: target))))"
                    )
                    ?? 0
                if remaining > 0 {
                    throw SwiftDataError.deleteDenied(
                        entity: entity.name, relationship: property.name, count: remaining)
                }
            }
        }
    }

    /// Fails when a row that is not noted refers to a noted one through a relationship
    /// that is not optional: it would be left without a model it cannot do without.
    private func checkRequiredReferences(to hierarchies: Set<Int>, db: Database) throws {
        let entitiesByTable = Dictionary(
            layout.entities.map { ($0.quotedTable, $0) }, uniquingKeysWith: { first, _ in first })
        for hierarchy in hierarchies.sorted() {
            for entity in layout.entities where self.hierarchy(of: entity) == hierarchy {
                for case .column(let table, let column, let required?, _, _) in layout.references(to: entity.name) {
                    guard let referring = entitiesByTable[table] else { continue }
                    let count =
                        try Int.fetchOne(
                            db,
                            sql: """
                                SELECT count(*) FROM \(table) WHERE \(column) IN (\(keys(ofHierarchy: hierarchy))) \
                                AND \(Self.primaryKey) NOT IN (\(keys(ofHierarchy: self.hierarchy(of: referring))))
                                """) ?? 0
                    if count > 0 {
                        throw SwiftDataError.requiredRelationshipMissing(
                            entity: required.entity, relationship: required.relationship, target: required.target)
                    }
                }
            }
        }
    }

    /// Records the deletion of the noted rows of `entity` in the save's history: runs of
    /// consecutive keys, or a change per row with its preserved values.
    private func recordHistory(
        of entity: EntityDescriptor, externalData: ExternalDataChanges?, history: inout StoreHistory.Recorder,
        db: Database
    ) throws {
        let preserved = StoreHistory.preservedProperties(of: entity)
        let (hierarchy, position) = (hierarchy(of: entity), position(of: entity))
        // Without preserved values, the keys alone, in the table's own order.
        let sql =
            preserved.isEmpty
            ? "SELECT key FROM \(Self.table) WHERE hierarchy = \(hierarchy) AND entity = \(position) ORDER BY key"
            : """
            SELECT \((["d.key"] + preserved.map { entity.qualifiedColumn(of: $0.index) }).joined(separator: ", ")) \
            FROM \(entity.fromSQL) JOIN \(Self.table) AS d ON d.key = \(entity.keySQL) \
            WHERE d.hierarchy = \(hierarchy) AND d.entity = \(position) ORDER BY d.key
            """
        try history.appendDeletions(
            of: entity, preserved: preserved, rows: try Row.fetchCursor(db, sql: sql), externalData: externalData,
            db: db)
    }

    /// Records an update of `relationship` for each row `keys` (SQL of one column of
    /// keys of `entity`'s hierarchy) selects that is not being deleted itself, under the
    /// row's own entity (the most derived one whose table has it).
    private func recordUpdates(
        of entity: EntityDescriptor, relationship: String, keys: String, history: inout StoreHistory.Recorder,
        db: Database
    ) throws {
        let staying = "key NOT IN (\(self.keys(ofHierarchy: hierarchy(of: entity))))"
        // Deepest first: a row is recorded under the first entity whose table has it.
        let kinds = layout.entities.filter { $0.isKind(of: entity) }.sorted {
            $0.tableChain.count > $1.tableChain.count
        }
        var recorded: [EntityDescriptor] = []
        for kind in kinds {
            let deeper = recorded.filter { $0.isKind(of: kind) }.map {
                "key NOT IN (SELECT \(Self.primaryKey) FROM \($0.quotedTable))"
            }
            let conditions = (["key IN (SELECT \(Self.primaryKey) FROM \(kind.quotedTable))", staying] + deeper)
                .joined(separator: " AND ")
            let rows = try Int64.fetchCursor(
                db, sql: "WITH changed(key) AS (\(keys)) SELECT key FROM changed WHERE \(conditions) ORDER BY key")
            while let key = try rows.next() {
                try history.append(.updated(entity: kind.name, key: key, properties: [relationship]), db: db)
            }
            recorded.append(kind)
        }
    }

    /// Marks the files of the noted rows' `.externalStorage` values for removal when the
    /// save commits.
    private func discardFiles(of entity: EntityDescriptor, externalData: ExternalDataChanges?, db: Database) throws {
        guard let externalData, !entity.blobColumnPropertyIndices.isEmpty else { return }
        let keys = try Int64.fetchCursor(
            db, sql: "SELECT key FROM \(Self.table) WHERE entity = \(position(of: entity)) ORDER BY key")
        while let key = try keys.next() {
            try externalData.replaceValues(of: entity, key: key, columns: nil, db: db)
        }
    }

    /// Deletes the noted rows of a hierarchy from every table of it, and every reference
    /// to them: to-one columns are set to NULL, join-table rows go. Each row that stays
    /// and so loses a link is recorded in the history as an update of that relationship,
    /// as a save records a model whose relationship a deletion changed: a reader of the
    /// history (a sync) learns that it no longer refers to the deleted rows.
    private func deleteRows(ofHierarchy hierarchy: Int, history: inout StoreHistory.Recorder, db: Database) throws {
        let doomed = keys(ofHierarchy: hierarchy)
        for entity in layout.entities where self.hierarchy(of: entity) == hierarchy {
            for reference in layout.references(to: entity.name) {
                switch reference {
                case .column(let table, let column, _, let owner, let relationship):
                    try recordUpdates(
                        of: owner, relationship: relationship,
                        keys: "SELECT \(Self.primaryKey) FROM \(table) WHERE \(column) IN (\(doomed))",
                        history: &history, db: db)
                    try db.execute(sql: "UPDATE \(table) SET \(column) = NULL WHERE \(column) IN (\(doomed))")
                case .joinRow(let table, let column, let otherColumn, let otherEntity, let otherRelationship):
                    if let otherRelationship {
                        try recordUpdates(
                            of: otherEntity, relationship: otherRelationship,
                            keys: "SELECT DISTINCT \(otherColumn) FROM \(table) WHERE \(column) IN (\(doomed))",
                            history: &history, db: db)
                    }
                    try db.execute(sql: "DELETE FROM \(table) WHERE \(column) IN (\(doomed))")
                }
            }
        }
        for entity in layout.entities where self.hierarchy(of: entity) == hierarchy {
            try db.execute(sql: "DELETE FROM \(entity.quotedTable) WHERE \(Self.primaryKey) IN (\(doomed))")
        }
    }
}
