// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "PopcornDiscover",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DiscoverDomain", targets: ["DiscoverDomain"]),
        .library(name: "DiscoverInfrastructure", targets: ["DiscoverInfrastructure"]),
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
        .target(name: "DiscoverDomain", swiftSettings: strictSettings),
        .target(
            name: "DiscoverInfrastructure",
            dependencies: [
                "DiscoverDomain",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "DiscoverDomainTests", dependencies: ["DiscoverDomain"], swiftSettings: strictSettings),
        .testTarget(
            name: "DiscoverInfrastructureTests",
            dependencies: [
                "DiscoverDomain",
                "DiscoverInfrastructure",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
