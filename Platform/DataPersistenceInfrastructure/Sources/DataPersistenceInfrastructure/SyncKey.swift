import OpenSwiftData

/// What identifies one record of an entity on every machine, for a store that is synced
/// between machines: the same movie added on two machines is one record after a sync.
///
/// Declared with key paths, so that a renamed property cannot leave the key behind:
///
/// ```swift
/// SyncKey(MoviesWatchlistMovieEntity.self, \.movieID)
/// ```
public struct SyncKey: Sendable, Hashable {
    /// The entity's name, as the schema names it.
    let entityName: String
    /// The names of the persisted properties that identify a record, in order.
    let propertyNames: [String]

    /// The key of `model` made of the properties at `keyPaths`, each a persisted
    /// property of the model; any other key path is a programming error.
    ///
    /// - Parameters:
    ///   - model: The model type.
    ///   - keyPaths: The key paths of the properties, in order.
    public init<Model: PersistentModel>(_ model: Model.Type, _ keyPaths: PartialKeyPath<Model>...) {
        entityName = String(describing: model)
        propertyNames = keyPaths.map { keyPath in
            guard let property = Model.schemaMetadata.first(where: { $0.keypath == keyPath }) else {
                preconditionFailure("\(keyPath) is not a persisted property of \(Model.self)")
            }
            return property.name
        }
    }
}
