/// One shipped version of a schema, as SwiftData's `VersionedSchema`.
///
/// ```swift
/// enum MoviesWatchlistSchemaV1: VersionedSchema {
///     static let versionIdentifier = Schema.Version(1, 0, 0)
///     static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]
/// }
/// ```
public protocol VersionedSchema: SendableMetatype {
    static var versionIdentifier: Schema.Version { get }
    static var models: [any PersistentModel.Type] { get }
}
