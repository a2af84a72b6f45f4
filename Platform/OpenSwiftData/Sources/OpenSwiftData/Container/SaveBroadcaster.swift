extension ModelContainer {
    /// What one save changed, as seen by observers of the container.
    public struct Change: Sendable {
        /// The models the save inserted.
        public let inserted: [PersistentIdentifier]
        /// The models whose stored values or links the save changed.
        public let updated: [PersistentIdentifier]
        /// The models the save deleted.
        public let deleted: [PersistentIdentifier]
        /// The entities of rows that ``ModelContext/delete(model:where:includeSubclasses:)``
        /// removed in SQL: ``deleted`` lists only the saving context's models of them, the
        /// rows themselves being never read.
        public let deletedInBulk: Set<String>
        /// Whether every model was deleted by ``ModelContainer/eraseAllData()``.
        public let erasedAll: Bool

        package init(
            inserted: [PersistentIdentifier], updated: [PersistentIdentifier], deleted: [PersistentIdentifier],
            deletedInBulk: Set<String> = [], erasedAll: Bool
        ) {
            self.inserted = inserted
            self.updated = updated
            self.deleted = deleted
            self.deletedInBulk = deletedInBulk
            self.erasedAll = erasedAll
        }

        /// The names of the entities that changed.
        public var entityNames: Set<String> {
            Set((inserted + updated + deleted).map(\.entityName)).union(deletedInBulk)
        }
    }

    /// The saves made to this container from now on, by any of its contexts, and those made
    /// by other processes to a custom store that learns of them (the PostgreSQL store does).
    ///
    /// ```swift
    /// for await change in container.changes() { … }
    /// ```
    /// The stream ends when the consuming task is cancelled.
    public func changes() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream<Change>.makeStream(bufferingPolicy: .unbounded)
        let token = saveBroadcaster.add(continuation)
        continuation.onTermination = { [saveBroadcaster] _ in saveBroadcaster.remove(token) }
        reportExternalChanges()
        return stream
    }
}

/// Delivers container changes to every stream that observes them.
final class SaveBroadcaster: Sendable {
    private let state = Locked<(next: Int, continuations: [Int: AsyncStream<ModelContainer.Change>.Continuation])>(
        (0, [:]))

    func add(_ continuation: AsyncStream<ModelContainer.Change>.Continuation) -> Int {
        state.withLock { state in
            let token = state.next
            state.next += 1
            state.continuations[token] = continuation
            return token
        }
    }

    func remove(_ token: Int) {
        _ = state.withLock { $0.continuations.removeValue(forKey: token) }
    }

    /// How many streams are delivered to, for tests that check a stream was let go of.
    var subscriberCount: Int { state.withLock { $0.continuations.count } }

    func publish(_ change: ModelContainer.Change) {
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(change) }
    }
}
