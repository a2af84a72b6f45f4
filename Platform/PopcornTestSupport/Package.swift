// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// What every package's tests share: temporary folders, log capture, a test clock and
/// store inspection helpers. Only test targets depend on it.
let package = Package(
    name: "PopcornTestSupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PopcornTestSupport", targets: ["PopcornTestSupport"])
    ],
    dependencies: [
        // The repository's root package, named: a path dependency is otherwise known by its
        // folder's name, which is the clone's.
        .package(name: "OpenSwiftData", path: "../.."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "PopcornTestSupport",
            dependencies: [
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                // Its temporary folder, which the stores' layout extends.
                .product(name: "OpenSwiftDataTesting", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PopcornTestSupportTests",
            dependencies: [
                "PopcornTestSupport",
                .product(name: "OpenSwiftData", package: "OpenSwiftData"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
