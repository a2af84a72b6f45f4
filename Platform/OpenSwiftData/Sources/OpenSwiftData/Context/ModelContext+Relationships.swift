import GRDB

extension ModelContext {
    /// Reads a relationship's targets from the store.
    func loadRelationship(of owner: any PersistentModel, at index: Int) -> ModelBackingData.RelationshipSlot {
        let backing = owner.persistentBackingData
        let entity = backing.entity
        guard let relationship = entity.properties[index].relationship else { return .notLoaded }
        let target = EntityDescriptor.known(relationship.target)
        do {
            return try access.read { db -> ModelBackingData.RelationshipSlot in
                switch entity.storage(of: index) {
                case .column:
                    guard case .int64(let key) = backing.values[index].storage,
                        let model = try model(of: target, primaryKey: key, db: db),
                        model.persistentBackingData.state != .deleted
                    else { return .toOne(nil) }
                    return .toOne(model)
                case .inverseColumn(let targetEntity, let propertyIndex):
                    guard let key = backing.primaryKey else { return .toMany([]) }
                    let column = "\(targetEntity.quotedTable).\(targetEntity.properties[propertyIndex].quotedName)"
                    let primaryKey =
                        "\(targetEntity.quotedTable).\(EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn))"
                    let sql = "\(targetEntity.selectSQL) WHERE \(column) = ? ORDER BY \(primaryKey)"
                    let models = try materializeAll(
                        sql: sql, arguments: [key.databaseValue], entity: targetEntity, db: db)
                    return .toMany(models.filter { $0.persistentBackingData.state != .deleted })
                case .joinTable(let table, let isOwner):
                    guard let key = backing.primaryKey else { return .toMany([]) }
                    let (own, other) = isOwner ? ("source", "target") : ("target", "source")
                    let join = table.quotedName
                    let primaryKey =
                        "\(target.quotedTable).\(EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn))"
                    let sql =
                        "\(target.selectSQL) JOIN \(join) ON \(join).\(other) = \(primaryKey) WHERE \(join).\(own) = ? ORDER BY \(join).rowid"
                    let models = try materializeAll(
                        sql: sql, arguments: [key.databaseValue], entity: target, db: db)
                    return .toMany(models.filter { $0.persistentBackingData.state != .deleted })
                }
            }
        } catch {
            Self.logger.error("cannot read \(entity.name).\(entity.properties[index].name): \(error)")
            return relationship.isToMany ? .toMany([]) : .toOne(nil)
        }
    }

    /// Fails when a deleted model's `.deny` relationship still refers to models.
    func checkDenyRules() throws {
        for model in deletedModels.models {
            let backing = model.persistentBackingData
            for property in backing.entity.properties where property.relationship?.deleteRule == .deny {
                let related: [any PersistentModel] =
                    property.relationship?.isToMany == true
                    ? RelationshipGraph.targets(of: model, at: property.index)
                    : RelationshipGraph.target(of: model, at: property.index).map { [$0] } ?? []
                let remaining = related.filter { $0.persistentBackingData.state != .deleted }
                if !remaining.isEmpty {
                    throw SwiftDataError.deleteDenied(
                        entity: backing.entity.name, relationship: property.name, count: remaining.count)
                }
            }
        }
    }
}
