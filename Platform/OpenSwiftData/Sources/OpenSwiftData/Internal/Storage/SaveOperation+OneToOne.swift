internal import GRDB

extension SaveOperation {
    /// Keeps each one-to-one relationship a pair in the store, as it is in memory. Each side
    /// of a one-to-one is a column of its own table, written by the save of its own model:
    /// two contexts that each paired a model with one third model (`a.favorite = toy` here,
    /// `c.favorite = toy` there) would leave two rows naming the third, which names one of
    /// them, and deleting either would cascade to the other's. The later save wins the
    /// pair: for each one-to-one column the save writes, the other rows that named either
    /// model of the new pair let go of it, and the model named names this one back.
    ///
    /// - Returns: The history's updates of the rows it changed beyond the save's own models.
    /// - Throws: ``SwiftDataError/requiredRelationshipMissing(entity:relationship:target:)``
    ///   when a row that lets go would be left without the target of a relationship that is
    ///   not optional; nothing is written then.
    func pairOneToOnes(keys: InsertedKeys, keyOf: (any PersistentModel) -> Int64?, db: Database) throws
        -> [StoreHistory.Entry]
    {
        var entries: [StoreHistory.Entry] = []
        /// `isNewRow`: a key no row named before the save (keys are never given twice), so no
        /// other row can name it but the save's own, which memory keeps paired.
        func pair(_ backing: ModelBackingData, key: Int64, isNewRow: Bool, writing written: (Int) -> Bool) throws {
            for index in backing.entity.oneToOneIndices where written(index) {
                guard let inverse = backing.entity.inverse(of: index) else { continue }
                let target: Int64? =
                    if case .integer(let value) = columnValue(of: backing, at: index, keyOf: keyOf) { value } else {
                        nil
                    }
                if let target {
                    entries += try release(backing.entity, index, naming: target, except: key, db: db)
                    entries += try point(inverse.entity, inverse.index, of: target, at: key, db: db)
                }
                if !isNewRow {
                    entries += try release(inverse.entity, inverse.index, naming: key, except: target, db: db)
                }
            }
        }
        for (position, backing) in insertedBackings.enumerated() {
            try pair(backing, key: keys.byPosition[position], isNewRow: !keys.isUpsert[position]) { _ in true }
        }
        for backing in changedBackings {
            guard let key = backing.primaryKey else { continue }
            let changed = backing.changedProperties
            try pair(backing, key: key, isNewRow: false) { changed.contains($0) }
        }
        return entries
    }

    /// Sets to NULL the one-to-one column `index` of the rows of `entity` that name `key`,
    /// but the row `kept`.
    private func release(
        _ entity: EntityDescriptor, _ index: Int, naming key: Int64, except kept: Int64?, db: Database
    ) throws -> [StoreHistory.Entry] {
        let property = entity.properties[index]
        let table = entity.declaringTable(of: index)
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        let rows = try Int64.fetchAll(
            db, sql: "SELECT \(primaryKey) FROM \(table) WHERE \(property.quotedName) = ? AND \(primaryKey) IS NOT ?",
            arguments: [key, kept])
        guard !rows.isEmpty else { return [] }
        if let relationship = property.relationship, !relationship.isOptional {
            throw SwiftDataError.requiredRelationshipMissing(
                entity: entity.name, relationship: property.name, target: String(describing: relationship.target))
        }
        for row in rows {
            try db.execute(
                sql: "UPDATE \(table) SET \(property.quotedName) = NULL WHERE \(primaryKey) = ?", arguments: [row])
        }
        return rows.map {
            .updated(entity: entity.declaringEntity(of: index).name, key: $0, properties: [property.name])
        }
    }

    /// Makes the one-to-one column `index` of the row `key` of `entity` name `target`.
    private func point(
        _ entity: EntityDescriptor, _ index: Int, of key: Int64, at target: Int64, db: Database
    ) throws -> [StoreHistory.Entry] {
        let property = entity.properties[index]
        let table = entity.declaringTable(of: index)
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        try db.execute(
            sql:
                "UPDATE \(table) SET \(property.quotedName) = ? WHERE \(primaryKey) = ? AND \(property.quotedName) IS NOT ?",
            arguments: [target, key, target])
        guard db.changesCount > 0 else { return [] }
        return [.updated(entity: entity.declaringEntity(of: index).name, key: key, properties: [property.name])]
    }
}
