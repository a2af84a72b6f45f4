internal import GRDB

extension SaveOperation {
    /// What the save changed, for the store's history: inserts as runs of consecutive
    /// keys per entity, an update per changed model with the properties written (every
    /// stored property for a model that took over a row with the same unique values),
    /// and a delete per stored model with its preserved values.
    func historyEntries(keys: InsertedKeys) throws -> [StoreHistory.Entry] {
        var entries: [StoreHistory.Entry] = []
        for backing in deletedBackings {
            guard let key = backing.primaryKey else { continue }
            entries.append(.deleted(entity: backing.entity.name, key: key, preserved: try preservedValues(of: backing)))
        }
        // Inserts grouped into runs of consecutive keys of one entity, in insertion order.
        var runs: [StoreHistory.Entry] = []
        var run: (entity: EntityDescriptor, first: Int64, last: Int64)?
        for (position, backing) in insertedBackings.enumerated() {
            let key = keys.byPosition[position]
            let entity = backing.entity
            if keys.isUpsert[position] {
                let names = entity.columnPropertyIndices.map { entity.properties[$0].name }
                entries.append(.updated(entity: entity.name, key: key, properties: names))
            } else if let current = run, current.entity === entity, current.last + 1 == key {
                run?.last = key
            } else {
                if let current = run {
                    runs.append(.inserted(entity: current.entity.name, first: current.first, last: current.last))
                }
                run = (entity, key, key)
            }
        }
        if let current = run {
            runs.append(.inserted(entity: current.entity.name, first: current.first, last: current.last))
        }
        entries.append(contentsOf: runs)
        for backing in changedBackings {
            guard let key = backing.primaryKey else { continue }
            let names = backing.changedProperties.sorted().map { backing.entity.properties[$0].name }
            entries.append(.updated(entity: backing.entity.name, key: key, properties: names))
        }
        return entries
    }

    /// The stored values of the `.preserveValueOnDeletion` attributes, as last saved.
    private func preservedValues(of backing: ModelBackingData) throws -> [(property: String, value: StoredValue)] {
        let saved = backing.pendingChanges?.snapshot?.values ?? backing.storedValues
        return try backing.entity.properties.compactMap { property in
            // A value a partial fetch left out and that could not be read since (its row
            // was gone) has nothing to preserve.
            guard let attribute = property.attribute,
                attribute.metadata.options.contains(.preserveValueOnDeletion), !saved[property.index].isNotRead
            else { return nil }
            // A value kept in a file goes in the tombstone itself: the file goes with the row.
            let value = saved[property.index]
            return (property.name, try externalData?.inlined(value, of: property) ?? value)
        }
    }
}
