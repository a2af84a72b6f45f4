/// What a ``DataStore`` throws to tell a context how to go on, as SwiftData's
/// `DataStoreError`.
public enum DataStoreError: Error, Hashable, Sendable {
    /// The store does not evaluate the fetch's predicate: the context fetches without it
    /// and filters in memory.
    case preferInMemoryFilter
    /// The store does not sort: the context fetches without the sort and sorts in memory.
    case preferInMemorySort
    /// The store cannot evaluate the predicate, in memory or not.
    case invalidPredicate
    /// The store, or OpenSwiftData with this store, does not support what was asked.
    case unsupportedFeature
}
