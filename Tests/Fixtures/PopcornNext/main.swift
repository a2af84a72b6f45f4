// The next release of popcorn, for the end-to-end tests: the same command line,
// whose `stores` commands know a V2 of the watchlist and migrate V1 stores to it.
// See Tests/Fixtures/README.md. PopcornApp's declarations are `package` (the app's package
// only), so this package reaches them with `@testable import`, as its tests do: a debug build.
import OpenSwiftData
import PopcornNextWatchlist

@testable import PopcornApp

await Popcorn.runCommandLine(
    userStoreOverrides: [
        UserStoreOverride(
            store: "watchlist", schema: Schema(versionedSchema: NextWatchlistSchemaV2.self),
            migrationPlan: NextWatchlistMigrationPlan.self)
    ])
