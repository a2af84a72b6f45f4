import ChildProcess
import Foundation

/// Type-checks a Swift file against the `SwiftData` module this test bundle was built with
/// (and its macros), as an app's target would compile it: for declarations whose shape
/// decides whether code compiles (`@preconcurrency`, `Sendable`, isolation) in settings
/// that a test target, built with warnings as errors in one language mode and one default
/// isolation, cannot hold itself.
enum SnippetTypechecker {
    struct Result {
        let status: Int32
        let diagnostics: String
    }

    /// The folder of the build's modules: of those beside the test bundle that hold the
    /// `SwiftData` module, the one whose `OpenSwiftData` module is the newest (`Modules`, or
    /// `Modules-tool` where a build made the tests for the compiler's own use).
    private static func modulesFolder() throws -> URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        while folder.path != "/" {
            let candidates = ["Modules-tool", "Modules"].map { folder.appending(path: $0) }
            let dated = candidates.compactMap { candidate -> (URL, Date)? in
                // A folder without SwiftData's module (a build of the tests' programs only) is
                // not the tests'.
                guard FileManager.default.fileExists(atPath: candidate.appending(path: "SwiftData.swiftmodule").path)
                else { return nil }
                let module = candidate.appending(path: "OpenSwiftData.swiftmodule")
                let attributes = try? FileManager.default.attributesOfItem(atPath: module.path)
                return (attributes?[.modificationDate] as? Date).map { (candidate, $0) }
            }
            if let newest = dated.max(by: { $0.1 < $1.1 }) { return newest.0 }
            folder = folder.deletingLastPathComponent()
        }
        throw CocoaError(
            .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no SwiftData module beside \(bundle.path)"])
    }

    /// Approachable Concurrency's upcoming features that Swift 6 mode does not turn on.
    static let approachable = [
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
        "-enable-upcoming-feature", "InferIsolatedConformances",
    ]

    /// The settings an app's file meets: each Swift language mode, with the main actor as
    /// the module's default isolation (as Xcode makes new app targets) or without, with
    /// Approachable Concurrency's upcoming features or without.
    static let everySetting: [[String]] = [
        ["-swift-version", "6", "-default-isolation", "MainActor"] + approachable,
        ["-swift-version", "6", "-default-isolation", "MainActor"],
        ["-swift-version", "5", "-default-isolation", "MainActor"] + approachable,
        ["-swift-version", "5", "-default-isolation", "MainActor"],
        ["-swift-version", "6"] + approachable,
        ["-swift-version", "6"],
        ["-swift-version", "5"],
    ]

    /// Type-checks `source` with the compiler's `settings` (language mode, default isolation,
    /// upcoming features); the result's status is the compiler's.
    static func typecheck(_ source: String, settings: [String] = ["-swift-version", "6"]) async throws -> Result {
        try await typecheck(files: [source], settings: settings)
    }

    /// Type-checks `files` as the files of one module (each with its own import lines), in
    /// one run of the compiler: several snippets checked in one run cost one compiler start.
    static func typecheck(files: [String], settings: [String] = ["-swift-version", "6"]) async throws -> Result {
        let modules = try modulesFolder()
        // <scratch>/<triple>/debug/Modules…: GRDB's SQLite module map is in <scratch>/checkouts,
        // the macros' plugin beside the modules' folder.
        let built = modules.deletingLastPathComponent()
        let plugin = built.appending(path: "OpenSwiftDataMacros-tool")
        let scratch = built.deletingLastPathComponent().deletingLastPathComponent()
        let moduleMap = scratch.appending(path: "checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap")
        // The C module `os` of the OSLog porting kit (`import os.log`), in this repository.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let osModuleMap = repository.appending(path: "Platform/OSLogPortingKit/Sources/osModuleMap/module.modulemap")
        // The build's own cache of compiled C modules (Glibc, SQLite, os…), as an app target
        // of the build would use: a cache of each run's own compiles them again each time.
        let moduleCache = built.appending(path: "ModuleCache")
        let folder = FileManager.default.temporaryDirectory.appending(path: "snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try files.enumerated().map { index, source in
            let file = folder.appending(path: "Snippet\(index + 1).swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swiftc"] + settings + [
                "-typecheck", "-I", modules.path, "-load-plugin-executable", "\(plugin.path)#OpenSwiftDataMacros",
                "-Xcc", "-fmodule-map-file=\(moduleMap.path)", "-Xcc", "-fmodule-map-file=\(osModuleMap.path)",
                "-module-cache-path", moduleCache.path,
            ] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // The compiler runs for seconds: waited for on a thread of its own (`BlockingWork`).
        let data = await BlockingWork.run {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return Result(status: process.terminationStatus, diagnostics: String(decoding: data, as: UTF8.self))
    }
}
