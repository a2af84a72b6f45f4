// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "PopcornSearch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SearchDomain", targets: ["SearchDomain"]),
        .library(name: "SearchInfrastructure", targets: ["SearchInfrastructure"]),
    ],
    dependencies: [
        // The repository's root package, named: a path dependency is otherwise known by its
        // folder's name, which is the clone's.
        .package(name: "OpenSwiftData", path: "../.."),
        .package(path: "../../Platform/DataPersistenceInfrastructure"),
        .package(path: "../../Platform/PopcornTestSupport"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "SearchDomain",
            swiftSettings: strictSettings
        ),
        .target(
            name: "SearchInfrastructure",
            dependencies: [
                "SearchDomain",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SearchDomainTests",
            dependencies: ["SearchDomain"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SearchInfrastructureTests",
            dependencies: [
                "SearchDomain",
                "SearchInfrastructure",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "OpenSwiftDataTesting", package: "OpenSwiftData"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
            ],
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
    ]
)
