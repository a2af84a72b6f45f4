/// A custom store that learns of the saves made to what it holds outside its container (by
/// other processes over one database) and reports them. The container tells its observers
/// of each one and merges it into its main context, as it does its own contexts' saves:
/// `ModelContext.didSave` is posted (with no context), ``ModelContainer/changes()`` and
/// ``LiveQuery`` see it, and the main context's models show it.
package protocol ExternalChangeReporting: AnyObject {
    /// Starts reporting the saves made outside the container, once something in the process
    /// would be told of them (``ModelContainer/reportExternalChanges()``); called again each
    /// time, with the same `report`, which a store that has started ignores.
    ///
    /// - Parameter report: Called with each such save once it has committed, on any thread,
    ///   for as long as the store is open; it lists the models of this store only.
    func reportExternalChanges(to report: @escaping @Sendable (ModelContainer.Change) -> Void)
}
