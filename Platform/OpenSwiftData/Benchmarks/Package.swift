// swift-tools-version: 6.2
import PackageDescription

// Benchmarks of OpenSwiftData against raw GRDB and the SQLite C API, kept out of the
// library's package so that `swift build` and `swift test` there stay fast.
// Run with `Scripts/bench.sh` from the repository root.
let package = Package(
    name: "OpenSwiftDataBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The repository's root package, named: a path dependency is otherwise known by its
        // folder's name, which is the clone's.
        .package(name: "OpenSwiftData", path: "../../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "openswiftdata-benchmarks",
            dependencies: [
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // GRDB's system-library module for <sqlite3.h>: the same libsqlite3 GRDB uses.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .treatAllWarnings(as: .error)]
        )
    ]
)
