import OpenSwiftData

/// The versions of the search history and the stages between them; V1 only so far.
package enum SearchHistoryMigrationPlan: SchemaMigrationPlan {

    package static let schemas: [any VersionedSchema.Type] = [
        SearchHistorySchemaV1.self
    ]

    package static let stages: [MigrationStage] = []

}
