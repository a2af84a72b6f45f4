// swift-tools-version: 6.2
import PackageDescription

/// Notes kept in a SwiftData store configured for CloudKit, synced between two "machines"
/// (two store files) through a PostgreSQL server with StoreSync, as CloudKit syncs them on
/// Apple platforms. It depends on OpenSwiftData as any other package would: by the
/// repository's URL and a version.
let package = Package(
    name: "SyncedNotes",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/OWNER/OpenSwiftData", from: "0.1.0")
    ],
    targets: [
        .executableTarget(
            name: "synced-notes",
            dependencies: [
                .product(name: "SwiftData", package: "OpenSwiftData", condition: .when(platforms: [.linux])),
                .product(name: "StoreSync", package: "OpenSwiftData", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .treatAllWarnings(as: .error)]
        )
    ]
)
