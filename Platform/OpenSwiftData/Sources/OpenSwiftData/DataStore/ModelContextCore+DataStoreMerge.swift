extension ModelContextCore {
    /// The values a registered model of a custom store has in the store now, as its backing
    /// data holds them, read from a snapshot the store gives (which the context keeps as the
    /// one the model's relationships are read from); nil when the store no longer has it.
    ///
    /// - Throws: What the store throws.
    func currentStoredValues(of backing: ModelBackingData, in store: any OpenedDataStore) throws -> [StoredValue]? {
        let session = dataStoreSession(starting: store)
        let identifier = backing.persistentModelID
        guard let snapshot = try snapshots(of: [identifier], store: store, session: session).first else { return nil }
        session.snapshots[identifier] = snapshot
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
