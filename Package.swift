// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// The composition root: the `popcorn` command over the four contexts, and the root
/// integration tests that run it (and `popcorn-next`, a test fixture).
let package = Package(
    name: "Popcorn",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "popcorn", targets: ["popcorn"])
    ],
    dependencies: [
        .package(path: "Platform/OpenSwiftData"),
        .package(path: "Platform/DataPersistenceInfrastructure"),
        .package(path: "Platform/TMDb"),
        .package(path: "Contexts/PopcornMovies"),
        .package(path: "Contexts/PopcornTVSeries"),
        .package(path: "Contexts/PopcornDiscover"),
        .package(path: "Contexts/PopcornSearch"),
        .package(path: "Platform/PopcornTestSupport"),
        .package(path: "Platform/StoreSync"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
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
                .product(name: "StoreSync", package: "StoreSync"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "App/Sources/PopcornApp",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "popcorn",
            dependencies: ["PopcornApp"],
            path: "App/Sources/popcorn",
            swiftSettings: strictSettings
        ),
        // The next release of popcorn, for the root integration tests: the same command line
        // with a V2 of the watchlist for `stores migrate` (Tests/Fixtures/README.md).
        .executableTarget(
            name: "popcorn-next",
            dependencies: ["PopcornApp", .product(name: "OpenSwiftData", package: "OpenSwiftData")],
            path: "Tests/Fixtures/PopcornNext",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PopcornAppTests",
            dependencies: ["PopcornApp", .product(name: "TMDb", package: "TMDb")],
            path: "App/Tests/PopcornAppTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PopcornIntegrationTests",
            dependencies: [
                // The `--json` types, to decode the output as scripts would.
                "PopcornApp",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
                // The sync tests read and fill the watchlist through the Movies context.
                .product(name: "MoviesDomain", package: "PopcornMovies"),
                .product(name: "MoviesInfrastructure", package: "PopcornMovies"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "StoreSyncTesting", package: "StoreSync"),
            ],
            path: "Tests/PopcornIntegrationTests",
            swiftSettings: strictSettings
        ),
    ]
)
