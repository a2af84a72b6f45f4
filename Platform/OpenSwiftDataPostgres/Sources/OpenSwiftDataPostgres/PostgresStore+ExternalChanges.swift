import OpenSwiftData

extension PostgresStore: ExternalChangeReporting {
    /// Starts listening for the saves of the store's other instances, in this process or
    /// others (``PostgresChangeListener``), unless it has started, and reports each as its
    /// container's observers see a save: the models it inserted, updated and deleted, of the
    /// entities this store holds. The store's own saves are not reported: its contexts
    /// announce them.
    ///
    /// - Parameter report: Called with each save once it has committed, on a task of its own.
    package func reportExternalChanges(to report: @escaping @Sendable (ModelContainer.Change) -> Void) {
        // A custom stage's store has no other instances to hear.
        guard migrationSession == nil else { return }
        let (origin, identifier, entities) = (origin, identifier, Set(tables.layouts.keys))
        listener.start(remote: remote, namespace: name, logger: logger) { notice in
            guard notice.origin != origin else { return }
            report(notice.change(store: identifier, entities: entities))
        }
    }
}
