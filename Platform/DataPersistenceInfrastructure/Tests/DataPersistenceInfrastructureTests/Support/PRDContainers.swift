import Foundation
import Logging
import SwiftData

@testable import DataPersistenceInfrastructure

// The PRD's container properties (seeds/004 "Project patterns — ModelContainerFactory",
// seeds/002 "Container Strategy") with their bodies as the PRD writes them. Two things
// differ, both for Linux and the tests: the folder is a parameter instead of
// `URL.documentsDirectory` (tests use temporary folders), and the logger is swift-log's
// `Logger` (the project's replacement for OSLog's) passed in instead of a static one.
// Functions instead of `static let`s, so that each test has its own store.

/// The Movies cache container, `cloudKitDatabase: .none`.
func moviesModelContainer(in folder: URL, logger: Logger) -> ModelContainer {
    let schema = Schema([
        CachedMovie.self
    ])

    let storeURL = folder.appending(path: "popcorn-movies.sqlite")

    return ModelContainerFactory.makeLocalModelContainer(
        schema: schema,
        url: storeURL,
        logger: logger
    )
}

/// The Movies watchlist container, CloudKit's private database, through its migration plan.
func moviesCloudKitModelContainer(in folder: URL, logger: Logger) -> ModelContainer {
    let schema = Schema([
        MoviesWatchlistMovieEntity.self
    ])

    let storeURL = folder.appending(path: "popcorn-movies-cloudkit.sqlite")

    return ModelContainerFactory.makeCloudKitModelContainer(
        schema: schema,
        url: storeURL,
        cloudKitDatabase: .private("iCloud.uk.co.adam-young.Popcorn"),
        migrationPlan: MoviesWatchlistMigrationPlan.self,
        logger: logger
    )
}
