import OpenSwiftData

extension ModelActor {
    /// The mapped result of a fetch, now and again after every save to this actor's
    /// container that touches the fetched entity (or an entity it relates to), from any
    /// context.
    ///
    /// ```swift
    /// @ModelActor
    /// actor WatchlistStore {
    ///     func movieIDs() -> AsyncThrowingStream<[Int], any Error> {
    ///         stream(for: FetchDescriptor<MoviesWatchlistMovieEntity>()) { entities in
    ///             entities.compactMap(\.movieID)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The fetch and `map` run on this actor, with its context; only the mapped `Value`
    /// leaves it, so models and the context never cross an isolation boundary. A consumer
    /// slower than the saves sees the latest result rather than every intermediate one.
    /// The stream finishes with the error when a fetch or `map` throws, and stops (its
    /// producing task is cancelled) when the consumer stops iterating.
    ///
    /// - Parameters:
    ///   - descriptor: What to fetch.
    ///   - map: Turns the models into a sendable value, such as domain values.
    func stream<Model: PersistentModel, Value: Sendable>(
        for descriptor: FetchDescriptor<Model>,
        map: @escaping @Sendable ([Model]) throws -> Value
    ) -> AsyncThrowingStream<Value, any Error> {
        makeFetchStream(for: descriptor, map: map, onFinish: nil)
    }

    /// ``stream(for:map:)``, telling `onFinish` when its producing task has ended.
    func makeFetchStream<Model: PersistentModel, Value: Sendable>(
        for descriptor: FetchDescriptor<Model>,
        map: @escaping @Sendable ([Model]) throws -> Value,
        onFinish: (@Sendable () -> Void)?
    ) -> AsyncThrowingStream<Value, any Error> {
        // Subscribed before the first fetch, so that no save in between is missed.
        let changes = modelContainer.changes()
        let watched = FetchStreamEntities.watched(from: String(describing: Model.self), in: modelContainer.schema)
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let task = Task {
            defer { onFinish?() }
            do {
                continuation.yield(try self.fetchMapped(descriptor, map: map))
                for await change in changes {
                    guard change.erasedAll || !change.entityNames.isDisjoint(with: watched) else { continue }
                    try Task.checkCancellation()
                    continuation.yield(try self.fetchMapped(descriptor, map: map))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error is CancellationError ? nil : error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Fetches with this actor's context and maps the models, on the actor.
    private func fetchMapped<Model: PersistentModel, Value: Sendable>(
        _ descriptor: FetchDescriptor<Model>, map: @Sendable ([Model]) throws -> Value
    ) throws -> Value {
        try map(modelContext.fetch(descriptor))
    }
}

/// Which entities' saves refresh a fetch stream.
enum FetchStreamEntities {
    /// The entity and every entity reachable from it through relationships, whose saves
    /// can change what a `map` reads.
    static func watched(from entityName: String, in schema: Schema) -> Set<String> {
        var result: Set<String> = [entityName]
        var pending = [entityName]
        while let name = pending.popLast() {
            for relationship in schema.entity(named: name)?.relationships ?? []
            where result.insert(relationship.destination).inserted {
                pending.append(relationship.destination)
            }
        }
        return result
    }
}
