import Foundation

/// Runs the built `popcorn` binary with its stores in a temporary folder, never the
/// real home folder, and with no TMDb token (the offline catalog answers).
final class PopcornProcess: Sendable {
    let root: URL
    var dataDirectory: URL { root.appending(path: "data") }
    var cacheDirectory: URL { root.appending(path: "cache") }

    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "popcorn")
    }

    init() {
        root = FileManager.default.temporaryDirectory.appending(path: "popcorn-cli-\(UUID().uuidString)")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = [
            "HOME": root.appending(path: "home").path,
            "POPCORN_DATA_DIR": dataDirectory.path,
            "POPCORN_CACHE_DIR": cacheDirectory.path,
            "PATH": "/usr/bin:/bin",
        ]
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
