// swift-tools-version: 6.2
import PackageDescription

/// An HTTP service whose routes read and write `@Model` types kept in PostgreSQL with
/// OpenSwiftDataPostgres, run as two processes over one database. It depends on OpenSwiftData
/// as any other package would: by the repository's URL and a version.
let package = Package(
    name: "TripServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/OWNER/OpenSwiftData", from: "0.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "trip-server",
            dependencies: [
                .product(name: "SwiftData", package: "OpenSwiftData"),
                .product(name: "OpenSwiftDataPostgres", package: "OpenSwiftData"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .treatAllWarnings(as: .error)]
        )
    ]
)
