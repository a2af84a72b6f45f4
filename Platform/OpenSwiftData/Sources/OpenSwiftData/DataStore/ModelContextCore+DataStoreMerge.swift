extension ModelContextCore {
    /// The snapshots the custom stores hold now of those of `models` they keep, read with one
    /// fetch per store and entity (a merge of a save of many models the context holds waits
    /// for a few reads, not one a model). A store whose read fails is logged, and its models
    /// are left out, as models the store no longer has are.
    func currentDataStoreSnapshots(of models: [any PersistentModel]) -> [PersistentIdentifier: DefaultSnapshot] {
        var byStore: [ObjectIdentifier: (store: any OpenedDataStore, identifiers: [PersistentIdentifier])] = [:]
        for model in models {
            let backing = model.persistentBackingData
            guard let store = dataStore(for: backing.entity) else { continue }
            byStore[ObjectIdentifier(store), default: (store, [])].identifiers.append(backing.persistentModelID)
        }
        var current: [PersistentIdentifier: DefaultSnapshot] = [:]
        for (store, identifiers) in byStore.values {
            do {
                let session = dataStoreSession(starting: store)
                for snapshot in try snapshots(of: identifiers, store: store, session: session) {
                    current[snapshot.persistentIdentifier] = snapshot
                }
            } catch {
                Self.logger.notice("cannot merge a save of \(identifiers.count) models of a custom store: \(error)")
            }
        }
        return current
    }

    /// The values a registered model of a custom store has in `snapshot`, which the store gave
    /// now, as its backing data holds them; the context keeps the snapshot as the one the
    /// model's relationships are read from.
    func storedValues(
        of backing: ModelBackingData, in snapshot: DefaultSnapshot, of store: any OpenedDataStore
    ) -> [StoredValue] {
        dataStoreSession(starting: store).snapshots[backing.persistentModelID] = snapshot
        var values = backing.storedValues
        values.withUnsafeMutableBufferPointer {
            Self.assign(snapshot, to: $0, entity: backing.entity, keys: store.keys)
        }
        return values
    }

    /// Makes a registered model of a custom store read its relationships from the store
    /// again: a merged save changed a list it holds through an inverse, which its last
    /// snapshot does not show.
    func forgetDataStoreSnapshot(of backing: ModelBackingData) {
        dataStoreSession?.snapshots[backing.persistentModelID] = nil
    }
}
