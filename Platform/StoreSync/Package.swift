// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// StoreSync's tests, benchmark and test support. The `StoreSync` library itself is a
/// target of the repository's root package (its sources are in `Sources/StoreSync`): its
/// tests share Popcorn's test support, a package that depends on the root package, so
/// they live here, where a path dependency on it makes no cycle.
let package = Package(
    name: "StoreSync",
    platforms: [.macOS(.v15)],
    products: [
        // A throw-away PostgreSQL server for tests (Scripts/test-postgres.sh).
        .library(name: "StoreSyncTesting", targets: ["StoreSyncTesting"])
    ],
    dependencies: [
        // The repository's root package, named: a path dependency is otherwise known by its
        // folder's name, which is the clone's.
        .package(name: "OpenSwiftData", path: "../.."),
        // For the tests only: temporary folders.
        .package(path: "../PopcornTestSupport"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "StoreSyncTesting",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Scripts/bench-sync.sh: records per second pushed and pulled (against postgres-nio by
        // hand), up-to-date sync time.
        .executableTarget(
            name: "storesync-benchmark",
            dependencies: [
                .product(name: "StoreSync", package: "OpenSwiftData"),
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
                // The baseline: the same rows sent and read with postgres-nio by hand.
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Benchmarks/StoreSyncBenchmark",
            swiftSettings: strictSettings
        ),
        // A second process for the tests that run a machine under `faketime`.
        .executableTarget(
            name: "storesync-fixture",
            dependencies: [
                .product(name: "StoreSync", package: "OpenSwiftData"),
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/StoreSyncFixture",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StoreSyncTests",
            dependencies: [
                "StoreSyncTesting",
                .product(name: "StoreSync", package: "OpenSwiftData"),
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                // Saves recorded at another time, as a machine whose clock is off records them.
                .product(name: "OpenSwiftDataTesting", package: "OpenSwiftData"),
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
