// swift-tools-version: 6.2
import PackageDescription

/// A command-line bookshelf, written as a SwiftData app writes its persistence code, that
/// depends on OpenSwiftData as any other package would: by the repository's URL and a
/// version. On Apple platforms it builds with Apple's SwiftData and OSLog; on Linux,
/// OpenSwiftData's `SwiftData` and `OSLog` products stand in for them, with no build flag.
let package = Package(
    name: "Bookshelf",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/OWNER/OpenSwiftData", from: "0.1.0")
    ],
    targets: [
        .executableTarget(
            name: "bookshelf",
            dependencies: [
                .product(name: "SwiftData", package: "OpenSwiftData", condition: .when(platforms: [.linux])),
                // `import OSLog`, for the app's Logger.
                .product(name: "OSLog", package: "OpenSwiftData", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .treatAllWarnings(as: .error)]
        )
    ]
)
