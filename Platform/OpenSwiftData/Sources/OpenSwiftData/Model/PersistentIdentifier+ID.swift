extension PersistentIdentifier: Identifiable {
    /// The value that identifies a model within its store, as SwiftData's
    /// `PersistentIdentifier.ID`: equal for two identifiers of the same model, so that code
    /// keyed by `persistentModelID.id` (an `Identifiable` wrapper's `id`, a dictionary key)
    /// compiles and behaves as on Apple platforms. A temporary identifier's `id` differs from
    /// the permanent one its model gets at its first save, as the identifiers themselves do.
    public struct ID: Hashable, Codable, Sendable, CustomStringConvertible {
        let identifier: PersistentIdentifier

        /// The identifier's description: the entity's name and the row's key.
        public var description: String { identifier.description }
    }

    /// The value that identifies the model within its store (see ``ID``).
    public var id: ID { ID(identifier: self) }
}
