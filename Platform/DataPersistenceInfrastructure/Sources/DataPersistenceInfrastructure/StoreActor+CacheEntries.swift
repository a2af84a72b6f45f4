import OpenSwiftData

/// What a cache's local data source does on its store's actor: read an entry with the
/// time it was stored, and replace an entry whole.
///
/// ```swift
/// func tvSeries(withID id: Int) async throws -> CachedValue<TVSeries>? {
///     try await store.cachedValue(Self.series(id)) { TVSeriesMapper().map($0) }
/// }
///
/// func save(_ series: TVSeries, cachedAt: Date) async throws {
///     try await store.replace(Self.series(series.id)) { TVSeriesMapper().map(series, cachedAt: cachedAt) }
/// }
/// ```
extension StoreActor {
    /// The entry `descriptor` finds first, mapped to a sendable value on this actor, with
    /// the time it was stored; nil when there is none.
    ///
    /// - Parameters:
    ///   - descriptor: Which entry.
    ///   - map: Turns the entry into the value returned.
    /// - Throws: What ``ModelContext/fetch(_:)`` throws.
    public func cachedValue<Entry: CacheEntry, Value: Sendable>(
        _ descriptor: FetchDescriptor<Entry>, map: @Sendable (Entry) -> Value
    ) throws -> CachedValue<Value>? {
        try modelContext.fetchFirst(descriptor).map { CachedValue(value: map($0), cachedAt: $0.cachedAt) }
    }

    /// Replaces the entries `existing` finds (and, by cascade, their parts) with the one
    /// `makeEntry` builds on this actor, in one save; on failure nothing is saved.
    ///
    /// - Parameters:
    ///   - existing: The entries to delete.
    ///   - makeEntry: Builds the entry to insert.
    /// - Throws: What the fetch or the save throws, once the context's changes are rolled back.
    public func replace<Entry: PersistentModel>(
        _ existing: FetchDescriptor<Entry>, with makeEntry: @Sendable () -> Entry
    ) throws {
        try modelContext.replace(existing, with: makeEntry())
    }
}
