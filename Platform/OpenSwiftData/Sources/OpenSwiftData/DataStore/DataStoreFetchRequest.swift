/// A context's request for the models a descriptor matches, as SwiftData's
/// `DataStoreFetchRequest`.
public struct DataStoreFetchRequest<T: PersistentModel> {
    /// What to fetch.
    public var descriptor: FetchDescriptor<T>
    /// The context that fetches.
    public let editingState: EditingState

    init(descriptor: FetchDescriptor<T>, editingState: EditingState) {
        self.descriptor = descriptor
        self.editingState = editingState
    }
}

/// What a store answers a fetch with, as SwiftData's `DataStoreFetchResult`: the
/// snapshots of the models that match, and snapshots of related models the context may
/// read their relationships from without asking the store again.
public struct DataStoreFetchResult<T: PersistentModel, Snapshot: DataStoreSnapshot>: Sendable {
    /// The descriptor the snapshots answer.
    public let descriptor: FetchDescriptor<T>
    /// The snapshots of the matching models; those of other entities are left out by the
    /// context.
    public let fetchedSnapshots: [Snapshot]
    /// Snapshots of other models, by identifier.
    public let relatedSnapshots: [PersistentIdentifier: Snapshot]

    /// A store's answer to a fetch of `descriptor`: the matching snapshots, and others
    /// their relationships name.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor of the request answered.
    ///   - fetchedSnapshots: The snapshots of the matching models, in the descriptor's order.
    ///   - relatedSnapshots: Snapshots of other models, by identifier.
    public init(
        descriptor: FetchDescriptor<T>, fetchedSnapshots: [Snapshot],
        relatedSnapshots: [PersistentIdentifier: Snapshot] = [:]
    ) {
        self.descriptor = descriptor
        self.fetchedSnapshots = fetchedSnapshots
        self.relatedSnapshots = relatedSnapshots
    }
}
