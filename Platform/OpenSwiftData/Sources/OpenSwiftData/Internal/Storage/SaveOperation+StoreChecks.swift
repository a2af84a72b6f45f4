internal import GRDB

/// The checks a save makes against the store rather than the context's memory of it:
/// another context may have deleted a row this one still holds a model of, or linked a
/// row to a model this one deletes, since this context read them.
extension SaveOperation {
    private var primaryKey: String { EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn) }

    /// Fails when a to-one relationship the save writes refers to a stored model whose
    /// row is gone (another context deleted it since this one read it): the row would
    /// keep a key that names no row, and reading it back could not find its target.
    func checkToOneTargetsExist(keys: InsertedKeys, db: Database) throws {
        var checked = Set<String>()
        func check(_ backing: ModelBackingData, isNew: Bool) throws {
            for index in backing.entity.toOnePropertyIndices where isNew || backing.changedProperties.contains(index) {
                guard case .toOne(let target?) = backing.relationship(at: index) else { continue }
                try requireRow(of: target, keys: keys, checked: &checked, db: db)
            }
        }
        // Each list on its own: joined, they would be copied, a retain and a release per model.
        for backing in insertedBackings { try check(backing, isNew: true) }
        for backing in changedBackings { try check(backing, isNew: false) }
    }

    /// Fails with ``SwiftDataError/modelNotFound(_:)`` when `model` is a stored model
    /// whose row is gone (another context deleted it since this one read it), so that a
    /// link the save writes never names a row that is not there. A model the save inserts
    /// has its row by now; a deleted one is written as no link. `checked` holds the rows
    /// found so far, each looked up once per save.
    func requireRow(
        of model: any PersistentModel, keys: InsertedKeys, checked: inout Set<String>, db: Database
    ) throws {
        let backing = model.persistentBackingData
        guard backing.state == .persisted, keys.key(of: model) == nil, let key = backing.primaryKey else { return }
        let table = backing.entity.quotedTable
        guard checked.insert("\(table) \(key)").inserted else { return }
        let statement = try db.cachedStatement(sql: "SELECT 1 FROM \(table) WHERE \(primaryKey) = ?")
        guard try Int.fetchOne(statement, arguments: [key]) != nil else {
            throw SwiftDataError.modelNotFound(backing.persistentModelID)
        }
    }

    /// Fails when a deleted model's `.deny` relationship has targets in the store that the
    /// save neither deletes nor changes: links another context saved after this one read
    /// the relationship (or that it never read). The models the save changes are judged
    /// in memory, before the save (``ModelContextCore/checkDenyRules()``).
    func checkDenyRulesInStore(db: Database) throws {
        var inSave: [ObjectIdentifier: Set<Int64>] = [:]
        var denying: [ModelBackingData] = []
        for backing in deletedBackings where backing.primaryKey != nil {
            inSave[ObjectIdentifier(backing.entity.rootEntity), default: []].insert(backing.primaryKey!)
            if backing.entity.properties.contains(where: { $0.relationship?.deleteRule == .deny }) {
                denying.append(backing)
            }
        }
        guard !denying.isEmpty else { return }
        for backing in changedBackings {
            guard let key = backing.primaryKey else { continue }
            inSave[ObjectIdentifier(backing.entity.rootEntity), default: []].insert(key)
        }
        for backing in denying {
            guard let key = backing.primaryKey else { continue }
            let entity = backing.entity
            for property in entity.properties where property.relationship?.deleteRule == .deny {
                let sql: String
                let targetEntity: EntityDescriptor
                switch entity.storage(of: property.index) {
                case .column:
                    // The model's own column: the context judged the target it holds.
                    continue
                case .inverseColumn(let inverseEntity, let inverseIndex):
                    let table = inverseEntity.declaringEntity(of: inverseIndex).quotedTable
                    let column = inverseEntity.properties[inverseIndex].quotedName
                    sql = "SELECT \(primaryKey) FROM \(table) WHERE \(column) = ?"
                    targetEntity = inverseEntity
                case .joinTable(let joinTable, let isOwner):
                    let (own, other) = isOwner ? ("source", "target") : ("target", "source")
                    sql = "SELECT \(other) FROM \(joinTable.quotedName) WHERE \(own) = ?"
                    guard let relationship = property.relationship,
                        let target = layout.entities.first(where: { $0.modelType == relationship.target })
                    else { continue }
                    targetEntity = target
                }
                let judged = inSave[ObjectIdentifier(targetEntity.rootEntity)] ?? []
                let remaining = try Int64.fetchAll(db, sql: sql, arguments: [key]).filter { !judged.contains($0) }
                if !remaining.isEmpty {
                    throw SwiftDataError.deleteDenied(
                        entity: entity.name, relationship: property.name, count: remaining.count)
                }
            }
        }
    }
}
