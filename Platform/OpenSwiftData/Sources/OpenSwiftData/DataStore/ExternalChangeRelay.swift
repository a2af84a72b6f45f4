/// Hands the saves a container's custom stores learn of from outside it (other processes) to
/// the container that opened the stores, whichever of its container objects (a context's
/// ``ModelContext/container`` is one of its own) asked the stores to report them.
final class ExternalChangeRelay: Sendable {
    private let handler = Locked<(@Sendable (ModelContainer.Change) -> Void)?>(nil)

    /// Sets what receives the changes: the container that opened the stores.
    func deliver(to handler: @escaping @Sendable (ModelContainer.Change) -> Void) {
        self.handler.withLock { $0 = handler }
    }

    /// Hands on a change a store reported.
    @Sendable func report(_ change: ModelContainer.Change) {
        handler.withLock { $0 }?(change)
    }
}

extension ModelContainer {
    /// Asks the custom stores to report the saves made outside the container, once something
    /// would be told of them: the main context is made, or a stream of changes
    /// (``changes()``, a ``LiveQuery``) starts. A process that neither merges nor observes
    /// saves leaves the stores' listening undone, and its cost with it.
    func reportExternalChanges() {
        guard let dataStores = stores.dataStores else { return }
        for store in dataStores.stores { store.reportExternalChanges(to: dataStores.externalChanges.report) }
    }
}
