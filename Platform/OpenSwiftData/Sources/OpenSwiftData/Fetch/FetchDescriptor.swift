import Foundation

/// What to fetch: a predicate, a sort order and paging, as SwiftData's
/// `FetchDescriptor`.
///
/// ```swift
/// var descriptor = FetchDescriptor<Trip>(
///     predicate: #Predicate { $0.name == name },
///     sortBy: [SortDescriptor(\.startDate, order: .reverse)]
/// )
/// descriptor.fetchLimit = 1
/// ```
///
/// Predicates are translated to SQL with bound parameters; a predicate (or part of one)
/// that SQL cannot express is evaluated in memory instead, with the same result.
// @unchecked Sendable: every field is a value, or a key path (an immutable object that
// Swift does not yet mark `Sendable`); checked by `ConcurrentSchemaUseTests` under the thread sanitizer.
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    /// The models to fetch; `nil`: every model of the type (and of its subclasses).
    public var predicate: Predicate<T>?
    /// The order of the result, by the first descriptor, then the next among equals; empty: the
    /// store's order, by primary key.
    public var sortBy: [SortDescriptor<T>] { didSet { counts.sortBy = sortBy.count } }
    /// The most models to return; `nil`: no limit.
    public var fetchLimit: Int?
    /// How many models of the sorted result to skip before the first one returned.
    public var fetchOffset: Int?
    /// Whether unsaved inserts, changes and deletes of the context are reflected. With
    /// `false`, the fetch answers from the store alone: unsaved inserts are left out,
    /// models deleted but not saved are returned, and models are matched by their stored
    /// values (a registered model comes back as it is, with its unsaved values).
    public var includePendingChanges = true
    /// The stored properties to read; empty: all of them. The query reads only these
    /// columns (and the `let` attributes', which a model needs to be made); a fetched
    /// model reads its other attributes from the store on first access, for the models
    /// of its fetch around it at once (up to 1,000, one query). A model already in the
    /// context keeps the values it has. A key path that is not a stored property of the
    /// model is an error (``SwiftDataError/unsupportedKeyPath``).
    public var propertiesToFetch: [PartialKeyPath<T>] = [] { didSet { counts.properties = propertiesToFetch.count } }
    /// Relationships to load right after the fetch, one query per key path for all the
    /// fetched models, instead of on first access. A key path that is not a relationship
    /// of the model is an error (``SwiftDataError/unsupportedKeyPath``).
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = [] {
        didSet { counts.prefetched = relationshipKeyPathsForPrefetching.count }
    }
    /// The lengths of the lists above, kept as they change: this module's code runs
    /// unspecialized for the app's model types, where reading a list's `count` looks up
    /// the metadata of its element type (`SortDescriptor<T>`, `PartialKeyPath<T>`) at
    /// every fetch, about 330 instructions each, which a lookup by key would pay for
    /// nothing.
    var counts = FetchDescriptorCounts()

    /// Creates a descriptor of the models `predicate` selects, in the order of `sortBy`.
    ///
    /// - Parameters:
    ///   - predicate: The models to fetch; nil for every model of the type.
    ///   - sortBy: The order of the result; empty for the store's order.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
        counts.sortBy = sortBy.count
    }
}

/// The lengths of a ``FetchDescriptor``'s lists.
struct FetchDescriptorCounts: Sendable {
    var sortBy = 0
    var properties = 0
    var prefetched = 0
}
