/// One shipped version of a schema, as SwiftData's `VersionedSchema`.
///
/// ```swift
/// enum MoviesWatchlistSchemaV1: VersionedSchema {
///     static let versionIdentifier = Schema.Version(1, 0, 0)
///     static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]
/// }
/// ```
public protocol VersionedSchema: SendableMetatype {
    /// The version, greater than every earlier shipped version's.
    static var versionIdentifier: Schema.Version { get }
    /// The model types of the version: nested copies, frozen once the version ships.
    static var models: [any PersistentModel.Type] { get }
}
