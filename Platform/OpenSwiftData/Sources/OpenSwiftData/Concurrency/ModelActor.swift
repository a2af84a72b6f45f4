/// An actor that owns a model context, as SwiftData's `ModelActor`; `@ModelActor`
/// writes the conformance.
///
/// ```swift
/// @ModelActor
/// actor WatchlistStore {
///     func add(_ id: Int) throws {
///         modelContext.insert(WatchlistEntry(movieID: id))
///         try modelContext.save()
///     }
/// }
/// ```
public protocol ModelActor: Actor {
    /// The container the actor's context belongs to.
    nonisolated var modelContainer: ModelContainer { get }
    /// The executor that runs the actor's work and owns its context.
    nonisolated var modelExecutor: any ModelExecutor { get }
}

extension ModelActor {
    /// The actor's context; use it only from the actor.
    public var modelContext: ModelContext {
        modelExecutor.modelContext
    }

    /// The actor runs on its model executor.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        guard let serial = modelExecutor as? any SerialModelExecutor else {
            preconditionFailure("a ModelActor's executor must be a SerialModelExecutor")
        }
        return serial.asUnownedSerialExecutor()
    }

    /// The model with this identifier, from this actor's context; nil when it is not of
    /// type `T`, or when there is no such model (no row in the store).
    ///
    /// - Parameters:
    ///   - id: The model's identifier.
    ///   - type: The model's type.
    public subscript<T: PersistentModel>(id: PersistentIdentifier, as type: T.Type) -> T? {
        modelContext.core.existingModel(for: id) as? T
    }
}
