/// The form in which a model travels between a context and a ``DataStore``, as
/// SwiftData's `DataStoreSnapshot`: a model's identifier, the values of its attributes
/// and the identifiers of its related models. ``DefaultSnapshot`` is the one
/// OpenSwiftData makes and reads.
public protocol DataStoreSnapshot: Codable, Sendable {
    /// The identifier of the model the snapshot is of.
    var persistentIdentifier: PersistentIdentifier { get }

    /// The same snapshot under another identifier, its relationships' identifiers replaced
    /// by those `remappedIdentifiers` maps them to.
    ///
    /// - Parameters:
    ///   - persistentIdentifier: The identifier of the copy.
    ///   - remappedIdentifiers: New identifiers by old; nil or empty to keep the relationships
    ///     as they are.
    func copy(
        persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?
    ) -> Self
}

extension DataStoreSnapshot {
    /// The same snapshot under another identifier.
    ///
    /// - Parameter persistentIdentifier: The identifier of the copy.
    public func copy(persistentIdentifier: PersistentIdentifier) -> Self {
        copy(persistentIdentifier: persistentIdentifier, remappedIdentifiers: nil)
    }
}
