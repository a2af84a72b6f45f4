// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "PopcornTVSeries",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TVSeriesDomain", targets: ["TVSeriesDomain"]),
        .library(name: "TVSeriesInfrastructure", targets: ["TVSeriesInfrastructure"]),
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
        .target(name: "TVSeriesDomain", swiftSettings: strictSettings),
        .target(
            name: "TVSeriesInfrastructure",
            dependencies: [
                "TVSeriesDomain",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "TVSeriesDomainTests", dependencies: ["TVSeriesDomain"], swiftSettings: strictSettings),
        .testTarget(
            name: "TVSeriesInfrastructureTests",
            dependencies: [
                "TVSeriesDomain",
                "TVSeriesInfrastructure",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "DataPersistenceInfrastructure", package: "DataPersistenceInfrastructure"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
