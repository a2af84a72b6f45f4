// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// Syncs OpenSwiftData stores that follow CloudKit's rules between machines through a
/// PostgreSQL server, in the role CloudKit's mirroring plays for SwiftData.
let package = Package(
    name: "StoreSync",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StoreSync", targets: ["StoreSync"]),
        // A throw-away PostgreSQL server for tests (Scripts/test-postgres.sh).
        .library(name: "StoreSyncTesting", targets: ["StoreSyncTesting"]),
    ],
    dependencies: [
        .package(path: "../OpenSwiftData"),
        // For the tests only: temporary folders.
        .package(path: "../PopcornTestSupport"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Already a dependency of postgres-nio: SHA-1 for name-based record names.
        .package(url: "https://github.com/apple/swift-crypto", "3.9.0"..<"6.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // Already dependencies of postgres-nio: its connection's error and TLS types.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
    ],
    targets: [
        .target(
            name: "StoreSync",
            dependencies: [
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "StoreSyncTesting",
            dependencies: [
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // Scripts/bench-sync.sh: records per second pushed and pulled, up-to-date sync time.
        .executableTarget(
            name: "storesync-benchmark",
            dependencies: [
                "StoreSync",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/StoreSyncBenchmark",
            swiftSettings: strictSettings
        ),
        // A second process for the tests that run a machine under `faketime`.
        .executableTarget(
            name: "storesync-fixture",
            dependencies: [
                "StoreSync",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/StoreSyncFixture",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StoreSyncTests",
            dependencies: [
                "StoreSync",
                "StoreSyncTesting",
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
