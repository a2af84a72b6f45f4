extension ModelContextCore {
    /// Stops the program when a model of a class isolated to the main actor is inserted or
    /// fetched off the main actor. Such a class's properties can be read on the main actor
    /// only, and `@Model` reaches its backing data without isolation (`PersistentModel`'s
    /// requirements are nonisolated, as SwiftData's are): a context on another thread would
    /// read and write it while the main thread does. Called where the caller's work begins,
    /// on its thread: the store's work runs on the store's queues.
    ///
    /// - Parameter entity: The entity of the model inserted or fetched.
    func checkMainActor(for entity: EntityDescriptor) {
        guard entity.isIsolatedToMainActor, !MainQueue.isCurrent else { return }
        preconditionFailure(
            "\(entity.name) is isolated to the main actor: use its models in a context on the main actor, "
                + "such as the container's mainContext")
    }
}
