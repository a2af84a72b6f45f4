// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// The end-to-end tests of the composed system: they run the built `popcorn` (the app's
/// package, `App/`) and `popcorn-next`, its test-only next release, on stores in temporary
/// folders, sync them through PostgreSQL, and open the fixture stores that earlier versions
/// wrote (`Fixtures/README.md`). The executables are built beside the tests, in the same
/// build folder, where the tests find them. They reach the app through `PopcornApp`'s
/// public API only, as a script or another release would.
let package = Package(
    name: "PopcornEndToEnd",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The repository's root package, named: a path dependency is otherwise known by its
        // folder's name, which is the clone's.
        .package(name: "OpenSwiftData", path: ".."),
        .package(path: "../App"),
        .package(path: "../Platform/DataPersistenceInfrastructure"),
        .package(path: "../Contexts/PopcornMovies"),
        .package(path: "../Contexts/PopcornSearch"),
        .package(path: "../Platform/PopcornTestSupport"),
    ],
    targets: [
        // The next release's watchlist versions: popcorn-next migrates to them, and the
        // tests write and read stores through them.
        .target(
            name: "PopcornNextWatchlist",
            dependencies: [.product(name: "OpenSwiftData", package: "OpenSwiftData")],
            path: "Fixtures/PopcornNextWatchlist",
            swiftSettings: strictSettings
        ),
        // The next release of popcorn: the same command line with a V2 of the watchlist for
        // `stores migrate` (Fixtures/README.md). Built with the tests (`swift build
        // --build-tests`, `swift test`), as every target of this package is.
        .executableTarget(
            name: "popcorn-next",
            dependencies: [
                .product(name: "PopcornApp", package: "App"), "PopcornNextWatchlist",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
            ],
            path: "Fixtures/PopcornNext",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PopcornIntegrationTests",
            dependencies: [
                // The binary the tests run: an executable of another package, built before
                // the tests and placed beside them.
                .product(name: "popcorn", package: "App"),
                // The `--json` types, to decode the output as scripts would.
                .product(name: "PopcornApp", package: "App"),
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
                // StoreSync's test support: a throw-away PostgreSQL server.
                .product(name: "StoreSyncTesting", package: "OpenSwiftData"),
            ],
            path: "PopcornIntegrationTests",
            swiftSettings: strictSettings
        ),
    ]
)
