// The next release of popcorn, for the end-to-end tests: the same command line,
// whose `stores` commands know a V2 of the watchlist and migrate V1 stores to it.
// See Tests/Fixtures/README.md.
import OpenSwiftData
import PopcornApp
import PopcornNextWatchlist

await PopcornCommandLine.run(
    userStoreOverrides: [
        UserStoreOverride(
            store: "watchlist", schema: Schema(versionedSchema: NextWatchlistSchemaV2.self),
            migrationPlan: NextWatchlistMigrationPlan.self)
    ])
