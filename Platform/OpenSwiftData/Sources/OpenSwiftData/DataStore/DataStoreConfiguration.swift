/// Describes a store of a type the app writes (``DataStore``), as SwiftData's
/// `DataStoreConfiguration`: pass it to ``ModelContainer/init(for:configurations:)``
/// alone or beside ``ModelConfiguration``s.
///
/// The container assigns models to it as it does to a ``ModelConfiguration``: the models
/// its ``schema`` lists, or, without a schema, those no other configuration lists. A
/// configuration without a schema is given the schema of its models before its store is
/// made.
public protocol DataStoreConfiguration: Hashable {
    /// The store type this configuration describes.
    associatedtype Store: DataStore where Store.Configuration == Self

    /// The configuration's name.
    var name: String { get }
    /// The models the store holds; set by the container when nil.
    var schema: Schema? { get set }

    /// Checks the configuration before its store is made; a thrown error fails the
    /// container's creation.
    ///
    /// - Throws: An error of the configuration's choosing, which fails the container's
    ///   creation.
    func validate() throws
}

extension DataStoreConfiguration {
    /// Accepts every configuration.
    ///
    /// - Throws: Never; the requirement may throw, this default does not.
    public func validate() throws {}
}
