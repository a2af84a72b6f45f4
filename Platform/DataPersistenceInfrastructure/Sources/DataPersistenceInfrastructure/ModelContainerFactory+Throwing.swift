import Foundation
import Logging
import OpenSwiftData

// The former twin entry points, kept while the contexts move to the `onFailure:` forms.
extension ModelContainerFactory {
    public static func sqliteFileURLs(at url: URL) -> [URL] { StoreFile(url: url).fileURLs }

    public static func makeLocalModelContainer(schema: Schema, url: URL, logger: Logger) -> ModelContainer {
        makeLocalModelContainer(schema: schema, url: url, logger: logger, onFailure: .trap)
    }

    public static func makeLocalModelContainerOrThrow(
        schema: Schema, url: URL, logger: Logger
    ) throws(ModelContainerFactoryError) -> ModelContainer {
        try makeLocalModelContainer(schema: schema, url: url, logger: logger, onFailure: .throwing)
    }

    public static func makeCloudKitModelContainer(
        schema: Schema, url: URL, cloudKitDatabase: CloudKitDatabase, migrationPlan: (any SchemaMigrationPlan.Type)?,
        logger: Logger
    ) -> ModelContainer {
        makeCloudKitModelContainer(
            schema: schema, url: url, cloudKitDatabase: cloudKitDatabase, migrationPlan: migrationPlan,
            logger: logger, onFailure: .trap)
    }

    public static func makeCloudKitModelContainerOrThrow(
        schema: Schema, url: URL, cloudKitDatabase: CloudKitDatabase, migrationPlan: (any SchemaMigrationPlan.Type)?,
        logger: Logger
    ) throws(ModelContainerFactoryError) -> ModelContainer {
        try makeCloudKitModelContainer(
            schema: schema, url: url, cloudKitDatabase: cloudKitDatabase, migrationPlan: migrationPlan,
            logger: logger, onFailure: .throwing)
    }
}
