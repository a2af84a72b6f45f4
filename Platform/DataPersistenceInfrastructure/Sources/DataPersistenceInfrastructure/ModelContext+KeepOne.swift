import OpenSwiftData

extension ModelContext {
    /// Keeps exactly one model of those `matching` returns, inserting `makeNew()` when
    /// there is none: what a user-data store does in place of a unique constraint, which
    /// CloudKit's rules forbid (the watchlist keeps one entry per movie, the search
    /// history one per media).
    ///
    /// Two processes adding the same thing at once may both insert. So after inserting,
    /// the matching models are read again and folded into one: the survivor is the first
    /// by `isPreferred`, then by persistent identifier, an order every process agrees on;
    /// `merge` moves into it what the others hold, and the others are deleted. Whichever
    /// process folds last sees every row, so one row remains.
    ///
    /// ```swift
    /// let entry = try modelContext.keepOne(
    ///     matching: { try $0.fetch(FetchDescriptor<WatchlistEntry>(predicate: #Predicate { $0.movieID == id })) },
    ///     orInsert: { WatchlistEntry(movieID: id, createdAt: now) },
    ///     preferring: { ($0.createdAt ?? .distantFuture) < ($1.createdAt ?? .distantFuture) })
    /// ```
    ///
    /// - Parameters:
    ///   - matching: Fetches the models that are the same thing.
    ///   - makeNew: The model to insert when there is none.
    ///   - isPreferred: Whether the first model should survive rather than the second.
    ///   - merge: Updates the survivor with the folded models (and, when `makeNew` was
    ///     not needed, with whatever the caller adds); by default nothing.
    /// - Returns: The survivor, saved.
    /// - Throws: What `matching` or a save throws, or an error saying so when the model
    ///   inserted is not among those `matching` finds; the context's unsaved changes are rolled
    ///   back then.
    @discardableResult
    public func keepOne<T: PersistentModel>(
        matching: (ModelContext) throws -> [T],
        orInsert makeNew: () -> T,
        preferring isPreferred: (T, T) -> Bool,
        merge: (_ survivor: T, _ folded: [T]) -> Void = { _, _ in }
    ) throws -> T {
        try saveOrRollback {
            // A second round only when another process removed the model between the save
            // and the read.
            for _ in 0..<2 {
                if try matching(self).isEmpty {
                    insert(makeNew())
                    try save()
                }
                let ordered = try matching(self).sorted { lhs, rhs in
                    if isPreferred(lhs, rhs) { return true }
                    if isPreferred(rhs, lhs) { return false }
                    return lhs.persistentModelID < rhs.persistentModelID
                }
                guard let survivor = ordered.first else { continue }
                let folded = Array(ordered.dropFirst())
                merge(survivor, folded)
                for model in folded { delete(model) }
                return survivor
            }
            throw KeepOneFailure(
                description: "the model just inserted is not among those `matching` finds; check that they agree")
        }
    }
}

/// Why ``ModelContext/keepOne(matching:orInsert:preferring:merge:)`` kept nothing: the
/// model it inserted was not found by `matching`.
struct KeepOneFailure: Error, CustomStringConvertible {
    let description: String
}

extension Sequence {
    /// The elements in order, each key's first only: what reading a user-data store
    /// shows, whatever duplicates it holds.
    ///
    /// - Parameter key: The key of an element.
    public func firstOfEachKey<Key: Hashable>(_ key: (Element) -> Key) -> [Element] {
        var seen: Set<Key> = []
        return filter { seen.insert(key($0)).inserted }
    }
}
