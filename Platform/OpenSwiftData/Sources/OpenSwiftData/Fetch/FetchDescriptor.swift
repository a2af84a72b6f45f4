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
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    public var fetchLimit: Int?
    public var fetchOffset: Int?
    /// Whether unsaved inserts, changes and deletes of the context are reflected.
    public var includePendingChanges = true
    /// Accepted for source compatibility: every stored property is always fetched.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Accepted for source compatibility: relationships load on first access.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
