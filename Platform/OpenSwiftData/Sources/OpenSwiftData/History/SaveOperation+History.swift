internal import GRDB

extension SaveOperation {
    /// What the save changed, for the store's history: inserts as runs of consecutive
    /// keys per entity, an update per changed model with the properties written (every
    /// stored property for a model that took over a row with the same unique values),
    /// and a delete per stored model with its preserved values.
    func historyEntries(keys: InsertedKeys) -> [StoreHistory.Entry] {
        var entries: [StoreHistory.Entry] = []
        for backing in deletedBackings {
            guard let key = backing.primaryKey else { continue }
            entries.append(.deleted(entity: backing.entity.name, key: key, preserved: preservedValues(of: backing)))
        }
        var insertedKeys: [(entity: String, key: Int64)] = []
        for (position, backing) in insertedBackings.enumerated() {
            let key = keys.byPosition[position]
            if keys.isUpsert[position] {
                let names = backing.entity.columnPropertyIndices.map { backing.entity.properties[$0].name }
                entries.append(.updated(entity: backing.entity.name, key: key, properties: names))
            } else {
                insertedKeys.append((backing.entity.name, key))
            }
        }
        entries.append(contentsOf: Self.runs(of: insertedKeys))
        for backing in changedBackings {
            guard let key = backing.primaryKey else { continue }
            let names = backing.changedProperties.sorted().map { backing.entity.properties[$0].name }
            entries.append(.updated(entity: backing.entity.name, key: key, properties: names))
        }
        return entries
    }

    /// Inserts grouped into runs of consecutive keys of one entity, in insertion order.
    private static func runs(of keys: [(entity: String, key: Int64)]) -> [StoreHistory.Entry] {
        var runs: [(entity: String, first: Int64, last: Int64)] = []
        for (entity, key) in keys {
            if let last = runs.last, last.entity == entity, last.last + 1 == key {
                runs[runs.count - 1].last = key
            } else {
                runs.append((entity, key, key))
            }
        }
        return runs.map { .inserted(entity: $0.entity, first: $0.first, last: $0.last) }
    }

    /// The stored values of the `.preserveValueOnDeletion` attributes, as last saved.
    private func preservedValues(of backing: ModelBackingData) -> [(property: String, value: StoredValue)] {
        let saved = backing.pendingChanges?.snapshot?.values ?? backing.storedValues
        return backing.entity.properties.compactMap { property in
            // A value a partial fetch left out and that could not be read since (its row
            // was gone) has nothing to preserve.
            guard let attribute = property.attribute,
                attribute.metadata.options.contains(.preserveValueOnDeletion), !saved[property.index].isNotRead
            else { return nil }
            // A value kept in a file goes in the tombstone itself: the file goes with the row.
            let value = saved[property.index]
            return (property.name, externalData?.inlined(value) ?? value)
        }
    }
}
