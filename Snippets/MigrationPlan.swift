// snippet.hide
import OpenSwiftData

@Model
final class MoviesWatchlistMovieEntity {
    var movieID: Int

    init(movieID: Int) { self.movieID = movieID }
}

// snippet.show
enum MoviesWatchlistSchemaV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]
}

// snippet.hide
enum MoviesWatchlistSchemaV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [MoviesWatchlistMovieEntity.self]

    @Model
    final class MoviesWatchlistMovieEntity {
        var movieID: Int
        var note: String?

        init(movieID: Int) { self.movieID = movieID }
    }
}

// snippet.show
enum MoviesWatchlistMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [MoviesWatchlistSchemaV1.self, MoviesWatchlistSchemaV2.self]
    static let stages: [MigrationStage] = [
        .lightweight(fromVersion: MoviesWatchlistSchemaV1.self, toVersion: MoviesWatchlistSchemaV2.self)
    ]
}
// snippet.hide
let container = try ModelContainer(
    for: Schema(versionedSchema: MoviesWatchlistSchemaV2.self), migrationPlan: MoviesWatchlistMigrationPlan.self,
    configurations: ModelConfiguration(isStoredInMemoryOnly: true))
print(container.schema.entities.map(\.name))
