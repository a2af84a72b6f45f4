import OpenSwiftData

/// The one actor that owns a store's context: every repository of the store works
/// through it, so that their reads and writes are serialised (two concurrent cache misses
/// for one entry replace it one after the other instead of both inserting).
///
/// ``ContextStores`` creates it when the store is opened; local data sources keep it and
/// run their work on it:
///
/// ```swift
/// struct SwiftDataWatchlistLocalDataSource: WatchlistLocalDataSource {
///     let store: StoreActor
///
///     func movies() async throws -> [WatchlistMovie] {
///         try await store.perform { context in
///             try context.fetch(FetchDescriptor<MoviesWatchlistMovieEntity>()).compactMap(WatchlistMovieMapper().map)
///         }
///     }
/// }
/// ```
///
/// Models never leave the actor: `work` maps them to sendable values.
public actor StoreActor: ModelActor {
    /// The executor that runs the actor's work, with the store's one context.
    public nonisolated let modelExecutor: any ModelExecutor
    /// The store's one container in this process.
    public nonisolated let modelContainer: ModelContainer

    /// Only ``ContextStores`` makes one, once per store.
    init(modelContainer: ModelContainer) {
        self.modelExecutor = DefaultSerialModelExecutor(modelContext: ModelContext(modelContainer))
        self.modelContainer = modelContainer
    }

    /// Runs `work` on this actor with its context and returns what it returns.
    ///
    /// - Parameter work: The work, given the actor's context.
    /// - Throws: What `work` throws.
    public func perform<Value: Sendable>(_ work: @Sendable (ModelContext) throws -> Value) throws -> Value {
        try work(modelContext)
    }
}
