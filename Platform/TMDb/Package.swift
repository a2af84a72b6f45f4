// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "TMDb",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TMDb", targets: ["TMDb"])
    ],
    targets: [
        .target(
            name: "TMDb",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TMDbTests",
            dependencies: ["TMDb"],
            swiftSettings: strictSettings
        ),
    ]
)
