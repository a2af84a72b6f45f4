// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// The composition root: the `popcorn` command over the four contexts, and the integration
/// tests that run it (and `popcorn-next`, a test fixture).
let package = Package(
    name: "Popcorn",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "popcorn", targets: ["popcorn"])
    ],
    dependencies: [
        // The repository's root package: OpenSwiftData and StoreSync. Named, because a path
        // dependency is otherwise known by its folder's name, which is the clone's.
        .package(name: "OpenSwiftData", path: ".."),
        .package(path: "../Platform/DataPersistenceInfrastructure"),
        .package(path: "../Platform/TMDb"),
        .package(path: "../Contexts/PopcornMovies"),
        .package(path: "../Contexts/PopcornTVSeries"),
        .package(path: "../Contexts/PopcornDiscover"),
        .package(path: "../Contexts/PopcornSearch"),
        .package(path: "../Platform/PopcornTestSupport"),
        // StoreSync's test support: a throw-away PostgreSQL server.
        .package(path: "../Platform/StoreSync"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "PopcornApp",
            dependencies: [
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "TMDb", package: "TMDb"),
                .product(name: "MoviesDomain", package: "PopcornMovies"),
                .product(name: "MoviesInfrastructure", package: "PopcornMovies"),
                .product(name: "TVSeriesDomain", package: "PopcornTVSeries"),
                .product(name: "TVSeriesInfrastructure", package: "PopcornTVSeries"),
                .product(name: "DiscoverDomain", package: "PopcornDiscover"),
                .product(name: "DiscoverInfrastructure", package: "PopcornDiscover"),
                .product(name: "SearchDomain", package: "PopcornSearch"),
                .product(name: "SearchInfrastructure", package: "PopcornSearch"),
                .product(name: "StoreSync", package: "OpenSwiftData"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "popcorn",
            dependencies: ["PopcornApp"],
            swiftSettings: strictSettings
        ),
        // The next release's watchlist versions: popcorn-next migrates to them, and the
        // integration tests write and read stores through them.
        .target(
            name: "PopcornNextWatchlist",
            dependencies: [.product(name: "OpenSwiftData", package: "OpenSwiftData")],
            path: "Tests/Fixtures/PopcornNextWatchlist",
            swiftSettings: strictSettings
        ),
        // The next release of popcorn, for the integration tests: the same command line
        // with a V2 of the watchlist for `stores migrate` (Tests/Fixtures/README.md).
        .executableTarget(
            name: "popcorn-next",
            dependencies: [
                "PopcornApp", "PopcornNextWatchlist", .product(name: "OpenSwiftData", package: "OpenSwiftData"),
            ],
            path: "Tests/Fixtures/PopcornNext",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PopcornAppTests",
            dependencies: ["PopcornApp", .product(name: "TMDb", package: "TMDb")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PopcornIntegrationTests",
            dependencies: [
                // The `--json` types, to decode the output as scripts would.
                "PopcornApp",
                // Stores are read through OpenSwiftData's StoreFile and models, and made to
                // look newer with OpenSwiftDataTesting: never with SQL.
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "OpenSwiftDataTesting", package: "OpenSwiftData"),
                "PopcornNextWatchlist",
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
                // The sync and read-only tests read and fill the watchlist and the history
                // through the Movies and Search contexts.
                .product(name: "MoviesDomain", package: "PopcornMovies"),
                .product(name: "MoviesInfrastructure", package: "PopcornMovies"),
                .product(name: "SearchDomain", package: "PopcornSearch"),
                .product(name: "SearchInfrastructure", package: "PopcornSearch"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "StoreSyncTesting", package: "StoreSync"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
