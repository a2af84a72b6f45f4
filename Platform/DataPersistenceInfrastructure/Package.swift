// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "DataPersistenceInfrastructure",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DataPersistenceInfrastructure", targets: ["DataPersistenceInfrastructure"])
    ],
    dependencies: [
        // The repository's root package, named: a path dependency is otherwise known by its
        // folder's name, which is the clone's.
        .package(name: "OpenSwiftData", path: "../.."),
        .package(path: "../PopcornTestSupport"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "DataPersistenceInfrastructure",
            dependencies: [
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DataPersistenceInfrastructureTests",
            dependencies: [
                "DataPersistenceInfrastructure",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                // `import SwiftData`, for the tests written as the PRD writes its code.
                .product(name: "SwiftData", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PopcornTestSupport", package: "PopcornTestSupport"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
