// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// The package another package adds with `.package(url:from:)`: OpenSwiftData (SwiftData's
/// API on SQLite), the same under SwiftData's module name, its migration test helpers,
/// StoreSync, and Apple's logging modules for Linux (`OSLog`, `os`). SwiftPM reads only this
/// manifest of a package it fetches by URL, so it has no `.package(path:)` dependencies; the
/// sources live under `Platform/`, each library's tests beside its sources. The Popcorn app
/// is the package in `App/`; the macros' expansion tests, the package in
/// `Platform/OpenSwiftData/MacroTests` (a test target
/// that depends on a macro target is built, with every test target of its package, for the
/// compiler's own use, and here would have built GRDB and OpenSwiftData a second time).
let package = Package(
    name: "OpenSwiftData",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenSwiftData", targets: ["OpenSwiftData"]),
        .library(name: "OpenSwiftDataTesting", targets: ["OpenSwiftDataTesting"]),
        // `import SwiftData` where Apple's SwiftData does not exist (Linux): OpenSwiftData
        // under SwiftData's module name.
        .library(name: "SwiftData", targets: ["SwiftData"]),
        .library(name: "StoreSync", targets: ["StoreSync"]),
        // The same `@Model` types in a PostgreSQL database: `PostgresStoreConfiguration`.
        .library(name: "OpenSwiftDataPostgres", targets: ["OpenSwiftDataPostgres"]),
        // A throw-away PostgreSQL server for tests (Scripts/test-postgres.sh): StoreSync's tests
        // and the end-to-end tests in Tests/.
        .library(name: "StoreSyncTesting", targets: ["StoreSyncTesting"]),
        // `import OSLog`, and `import os`, `import os.log` and `import os.signpost`, where
        // Apple's modules do not exist (Linux): the OSLog porting kit, Apple's logging API
        // forwarding to swift-log. Depend on them only there (`.when(platforms: [.linux])`).
        .library(name: "OSLog", targets: ["OSLog"]),
        .library(name: "os", targets: ["os"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // StoreSync's: PostgreSQL's client, and its dependencies whose types StoreSync uses
        // (SHA-1 for name-based record names, the connection's error and TLS types).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.9.0"..<"6.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
        // `swift package generate-documentation` and `preview-documentation` for the DocC
        // catalogs (Scripts/docs.sh runs DocC itself, with the plugin's arguments); a plugin
        // only, so a package that depends on this one builds nothing more.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .macro(
            name: "OpenSwiftDataMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: "Platform/OpenSwiftData/Sources/OpenSwiftDataMacros",
            swiftSettings: strictSettings
        ),
        .target(
            name: "OpenSwiftData",
            dependencies: [
                "OpenSwiftDataMacros",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for reading fetched rows column by column.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Platform/OpenSwiftData/Sources/OpenSwiftData",
            swiftSettings: strictSettings
        ),
        .target(
            name: "SwiftData",
            dependencies: ["OpenSwiftData"],
            path: "Platform/OpenSwiftData/Sources/SwiftData",
            swiftSettings: strictSettings
        ),
        .target(
            name: "OpenSwiftDataTesting",
            dependencies: [
                "OpenSwiftData",
                // StoreTampering and StoreColumns read and change store files with SQL.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Platform/OpenSwiftData/Sources/OpenSwiftDataTesting",
            swiftSettings: strictSettings
        ),
        // Syncs OpenSwiftData stores that follow CloudKit's rules between machines through a
        // PostgreSQL server, in the role CloudKit's mirroring plays for SwiftData.
        .target(
            name: "StoreSync",
            dependencies: [
                "OpenSwiftData",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Platform/StoreSync/Sources/StoreSync",
            swiftSettings: strictSettings
        ),
        // A store of OpenSwiftData models in PostgreSQL, named in a container as a custom
        // store is; its connection settings are StoreSync's (one URL reading, one TLS rule).
        .target(
            name: "OpenSwiftDataPostgres",
            dependencies: [
                "OpenSwiftData", "StoreSync",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Platform/OpenSwiftDataPostgres/Sources/OpenSwiftDataPostgres",
            swiftSettings: strictSettings
        ),
        // Child processes for tests, started without Foundation's `Process.run()`, which
        // can crash a parent holding many descriptors (see ChildProcess.swift).
        .target(
            name: "ChildProcess",
            dependencies: ["SpawnActions"],
            path: "Platform/ChildProcess/Sources/ChildProcess",
            swiftSettings: strictSettings
        ),
        // glibc's posix_spawn file actions that Swift's Glibc module does not declare.
        .target(name: "SpawnActions", path: "Platform/ChildProcess/Sources/SpawnActions"),
        .testTarget(
            name: "ChildProcessTests",
            dependencies: ["ChildProcess"],
            path: "Platform/ChildProcess/Tests/ChildProcessTests",
            swiftSettings: strictSettings
        ),
        .target(
            name: "StoreSyncTesting",
            dependencies: [
                "ChildProcess",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Platform/StoreSync/Sources/StoreSyncTesting",
            swiftSettings: strictSettings
        ),

        // The OSLog porting kit. `OSLog` declares the API. `os`, for code that writes
        // `import os`, `import os.log` or `import os.signpost`, re-exports it and is a C module
        // too (osModuleMap, whose submodules `log` and `signpost` those imports name); apart,
        // so that a build that needs only `OSLog` holds no module named `os`, which packages
        // that test `canImport(os)` to detect Apple platforms would take for Apple's.
        .systemLibrary(
            name: "osModuleMap",
            path: "Platform/OSLogPortingKit/Sources/osModuleMap"
        ),
        .target(
            name: "OSLog",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Platform/OSLogPortingKit/Sources/OSLog",
            swiftSettings: strictSettings
        ),
        .target(
            name: "os",
            dependencies: ["OSLog", "osModuleMap"],
            path: "Platform/OSLogPortingKit/Sources/os",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OSLogTests",
            dependencies: ["OSLog", "os", .product(name: "Logging", package: "swift-log")],
            path: "Platform/OSLogPortingKit/Tests/OSLogTests",
            swiftSettings: strictSettings
        ),

        // OpenSwiftData's tests and the programs they run.
        .testTarget(
            name: "OpenSwiftDataTests",
            // OpenSwiftDataTesting for its temporary folders; OpenSwiftDataPostgres and
            // StoreSyncTesting (its test server) for the generated sequences on PostgreSQL.
            dependencies: [
                "ChildProcess",
                "OpenSwiftData", "OpenSwiftDataTesting", "SQLiteFaultInjection", "OpenSwiftDataPostgres",
                "StoreSyncTesting",
            ],
            path: "Platform/OpenSwiftData/Tests/OpenSwiftDataTests",
            swiftSettings: strictSettings
        ),
        // A test-only SQLite VFS that fails chosen file operations (reads, writes, syncs, locks,
        // shared memory, deletes, opens) with I/O errors.
        .target(
            name: "SQLiteFaultInjection",
            path: "Platform/OpenSwiftData/Tests/SQLiteFaultInjection",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .testTarget(
            name: "OpenSwiftDataTestingTests",
            dependencies: ["OpenSwiftData", "OpenSwiftDataTesting"],
            path: "Platform/OpenSwiftData/Tests/OpenSwiftDataTestingTests",
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
        // SwiftData code compiled with its own import line, `import SwiftData`.
        .testTarget(
            name: "PortingTests",
            // The logging products, for the snippets that import OSLog or os.log.
            dependencies: ["ChildProcess", "SwiftData", "OSLog", "os"],
            path: "Platform/OpenSwiftData/Tests/PortingTests",
            swiftSettings: strictSettings
        ),
        // Models and tests of a module whose default isolation is the main actor, as Xcode
        // makes new app targets, with Approachable Concurrency's upcoming features.
        .testTarget(
            name: "MainActorModelTests",
            dependencies: ["SwiftData"],
            path: "Platform/OpenSwiftData/Tests/MainActorModelTests",
            swiftSettings: strictSettings + [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
        // A second process for the tests that kill a migration half-way.
        .executableTarget(
            name: "openswiftdata-migration-fixture",
            dependencies: ["OpenSwiftData"],
            path: "Platform/OpenSwiftData/Tests/MigrationFixture",
            swiftSettings: strictSettings
        ),
        // The live query program of OpenSwiftData's Live queries article; a test runs it.
        .executableTarget(
            name: "openswiftdata-live-query-example",
            dependencies: ["OpenSwiftData"],
            path: "Platform/OpenSwiftData/Examples/LiveQuery",
            swiftSettings: strictSettings
        ),

        // StoreSync's tests (a real PostgreSQL server: POPCORN_TEST_POSTGRES_URL, or one they
        // start), the second process they run and its benchmark.
        .testTarget(
            name: "StoreSyncTests",
            dependencies: [
                "ChildProcess",
                "StoreSync", "StoreSyncTesting", "OpenSwiftData",
                // Temporary folders, and saves recorded at another time, as a machine whose
                // clock is off records them.
                "OpenSwiftDataTesting",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Platform/StoreSync/Tests/StoreSyncTests",
            swiftSettings: strictSettings
        ),
        // The PostgreSQL store's tests, against a real server (as StoreSync's).
        .testTarget(
            name: "OpenSwiftDataPostgresTests",
            dependencies: [
                "ChildProcess", "OpenSwiftDataPostgres", "OpenSwiftData", "OpenSwiftDataTesting", "StoreSyncTesting",
                // The plans of the store's statements, read on its own connections.
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Platform/OpenSwiftDataPostgres/Tests/OpenSwiftDataPostgresTests",
            swiftSettings: strictSettings
        ),
        // The processes of the PostgreSQL store's tests that save into one database at once.
        .executableTarget(
            name: "openswiftdata-postgres-fixture",
            dependencies: ["OpenSwiftData", "OpenSwiftDataPostgres", .product(name: "Logging", package: "swift-log")],
            path: "Platform/OpenSwiftDataPostgres/Tests/PostgresStoreFixture",
            swiftSettings: strictSettings
        ),
        // Scripts/bench-postgres.sh: the PostgreSQL store against postgres-nio by hand.
        .executableTarget(
            name: "openswiftdata-postgres-benchmark",
            dependencies: [
                "OpenSwiftData", "OpenSwiftDataPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Platform/OpenSwiftDataPostgres/Benchmarks/PostgresStoreBenchmark",
            swiftSettings: strictSettings
        ),
        // A second process for the tests that run a machine under `faketime`.
        .executableTarget(
            name: "storesync-fixture",
            dependencies: ["StoreSync", "OpenSwiftData", .product(name: "Logging", package: "swift-log")],
            path: "Platform/StoreSync/Tests/StoreSyncFixture",
            swiftSettings: strictSettings
        ),
        // Scripts/bench-sync.sh: records per second pushed and pulled (against postgres-nio by
        // hand), up-to-date sync time.
        .executableTarget(
            name: "storesync-benchmark",
            dependencies: [
                "StoreSync", "OpenSwiftData",
                .product(name: "Logging", package: "swift-log"),
                // The baseline: the same rows sent and read with postgres-nio by hand.
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Platform/StoreSync/Benchmarks/StoreSyncBenchmark",
            swiftSettings: strictSettings
        ),
    ]
)
