// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "OpenSwiftData",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OpenSwiftData", targets: ["OpenSwiftData"]),
        .library(name: "OpenSwiftDataTesting", targets: ["OpenSwiftDataTesting"]),
        // `import SwiftData` where Apple's SwiftData does not exist (Linux): OpenSwiftData
        // under SwiftData's module name.
        .library(name: "SwiftData", targets: ["SwiftData"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
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
            swiftSettings: strictSettings
        ),
        .target(
            name: "SwiftData",
            dependencies: ["OpenSwiftData"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "OpenSwiftDataTesting",
            dependencies: [
                "OpenSwiftData",
                // StoreTampering and StoreColumns read and change store files with SQL.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OpenSwiftDataTests",
            dependencies: ["OpenSwiftData", "SQLiteFaultInjection"],
            swiftSettings: strictSettings
        ),
        // A test-only SQLite VFS that fails chosen writes, syncs and locks with I/O errors.
        .target(
            name: "SQLiteFaultInjection",
            path: "Tests/SQLiteFaultInjection",
            linkerSettings: [.linkedLibrary("sqlite3")]
        ),
        .testTarget(
            name: "OpenSwiftDataTestingTests",
            dependencies: ["OpenSwiftData", "OpenSwiftDataTesting"],
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
        // SwiftData code compiled with its own import line, `import SwiftData`.
        .testTarget(
            name: "PortingTests",
            dependencies: ["SwiftData"],
            swiftSettings: strictSettings
        ),
        // A second process for the tests that kill a migration half-way.
        .executableTarget(
            name: "openswiftdata-migration-fixture",
            dependencies: ["OpenSwiftData"],
            path: "Tests/MigrationFixture",
            swiftSettings: strictSettings
        ),
        // The live query program the README lists; a test runs it.
        .executableTarget(
            name: "openswiftdata-live-query-example",
            dependencies: ["OpenSwiftData"],
            path: "Examples/LiveQuery",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OpenSwiftDataMacrosTests",
            dependencies: [
                "OpenSwiftDataMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
