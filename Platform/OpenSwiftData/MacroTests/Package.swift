// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .treatAllWarnings(as: .error),
]

/// The expansion and diagnostic tests of OpenSwiftData's macros, in a package of their own.
/// A test target that depends on a macro target is built for the machine that runs the
/// compiler, with every other test target of its package: in the root package, that built
/// GRDB and OpenSwiftData a second time for the tests alone. `Sources/OpenSwiftDataMacros`
/// is a link to the macros' sources in `Platform/OpenSwiftData/Sources`, so this package
/// tests the very files the root package builds.
let package = Package(
    name: "OpenSwiftDataMacroTests",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
    ],
    targets: [
        .macro(
            name: "OpenSwiftDataMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OpenSwiftDataMacrosTests",
            dependencies: [
                "OpenSwiftDataMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
