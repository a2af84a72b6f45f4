/// A custom store that reads a fetch's snapshots a batch at a time (a server-side cursor),
/// so that ``ModelContext/enumerate(_:batchSize:allowEscapingMutations:block:)`` holds one
/// batch of models in memory rather than every match. A store that is not one is read at
/// once.
package protocol DataStoreBatchedFetching {
    /// A reader of the snapshots `request` gives, in its order and window, `batchSize` at a
    /// time, from one state of the store.
    ///
    /// - Parameters:
    ///   - request: The descriptor, and the context that fetches.
    ///   - batchSize: The most snapshots of one batch.
    /// - Throws: `DataStoreError.preferInMemoryFilter` or `.preferInMemorySort` as
    ///   ``DataStore/fetch(_:)`` throws them (the context then fetches at once); what the
    ///   store throws.
    func batches<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, batchSize: Int) throws
        -> any DataStoreBatches
}

/// The batches of one read (``DataStoreBatchedFetching``).
package protocol DataStoreBatches: AnyObject, Sendable {
    /// The next batch of snapshots; empty once every one has been read.
    ///
    /// - Throws: What the store throws; the read is then over.
    func next() throws -> [DefaultSnapshot]

    /// Ends the read, at its end or before.
    func close()
}
