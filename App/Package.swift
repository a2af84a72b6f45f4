// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// The composition root: the `popcorn` command over the four contexts, and its tests of the
/// composition in one process. The end-to-end tests that run the built `popcorn` are the
/// package in `Tests/`, which depends on this one for the executable and for `PopcornApp`'s
/// public API: the `--json` types, the exit statuses, the version, and the command line that
/// its test-only next release, `popcorn-next`, runs.
let package = Package(
    name: "Popcorn",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "popcorn", targets: ["popcorn"]),
        // The command line as a library and its `--json` contract (`Tests/` uses them).
        .library(name: "PopcornApp", targets: ["PopcornApp"]),
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
        .testTarget(
            name: "PopcornAppTests",
            dependencies: [
                "PopcornApp", .product(name: "TMDb", package: "TMDb"),
                // The stores' temporary folders, for the test that the sync and a command share
                // one owner per store file.
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "MoviesInfrastructure", package: "PopcornMovies"),
                .product(name: "SearchInfrastructure", package: "PopcornSearch"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
