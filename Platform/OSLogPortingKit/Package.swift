// swift-tools-version: 6.2
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// `import OSLog` and `import os` where Apple's modules do not exist (Linux): `Logger`,
/// `OSLog` and `os_log` with Apple's call syntax, forwarding to swift-log. Depend on these
/// products only on those platforms (`.when(platforms: [.linux])`).
///
/// A package of its own, apart from OpenSwiftData: swift-syntax, which every macro package
/// builds, imports `os` and `OSLog` when it finds modules of those names, so a build that
/// holds both needs `-Xswiftc -DSWIFTSYNTAX_NO_OSLOG_DEPENDENCY` (see the article
/// Porting from SwiftData in OpenSwiftData's documentation catalog).
let package = Package(
    name: "OSLogPortingKit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "OSLog", targets: ["OSLog"]),
        .library(name: "os", targets: ["os"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2")
    ],
    targets: [
        .target(
            name: "OSLog",
            dependencies: [.product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "os",
            dependencies: ["OSLog"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OSLogTests",
            dependencies: ["OSLog", "os", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
    ]
)
