import Foundation
import PopcornApp
import PopcornTestSupport
import Testing

/// Runs the built `popcorn` binary (or `popcorn-next`, the fixture that plays its next
/// release) with its stores in a temporary folder, never the real home folder, and with
/// no TMDb token (the offline catalog answers).
final class PopcornProcess: Sendable {
    /// The binaries built beside the tests.
    enum Binary: String {
        case popcorn
        /// Tests/Fixtures/PopcornNext: popcorn with a V2 of the watchlist for `stores`.
        case popcornNext = "popcorn-next"

        var url: URL {
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: rawValue)
        }
    }

    /// Removed, with everything in it, when the value is released.
    private let folder = TemporaryFolder(prefix: "popcorn-cli")
    var root: URL { folder.url }
    var dataDirectory: URL { root.appending(path: "data") }
    var cacheDirectory: URL { root.appending(path: "cache") }
    /// The watchlist store, in the data folder.
    var watchlistStore: URL { dataDirectory.appending(path: "popcorn-movies-cloudkit.sqlite") }

    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static var executable: URL { Binary.popcorn.url }

    /// A process of `binary` with the temporary folders in its environment, not started.
    /// `launcher` runs the binary (its path and the arguments follow the launcher's own).
    func process(
        _ arguments: [String], binary: Binary = .popcorn, environment extra: [String: String] = [:],
        launcher: [String] = []
    ) -> Process {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(launcher.dropFirst()) + [binary.url.path] + arguments
        } else {
            process.executableURL = binary.url
            process.arguments = arguments
        }
        var environment = [
            "HOME": root.appending(path: "home").path,
            "POPCORN_DATA_DIR": dataDirectory.path,
            "POPCORN_CACHE_DIR": cacheDirectory.path,
            "PATH": "/usr/bin:/bin",
        ]
        environment.merge(extra) { _, new in new }
        process.environment = environment
        return process
    }

    /// The history store, in the data folder.
    var historyStore: URL { dataDirectory.appending(path: "popcorn-search-cloudkit.sqlite") }

    /// Runs `popcorn` with its data folder read-only.
    func runWithReadOnlyDataDirectory(_ arguments: [String]) throws -> Result {
        try runWithReadOnly(dataDirectory, arguments)
    }

    /// Runs `binary` with `path` (a folder or a file) read-only. Root ignores permissions
    /// (and CI runs as root), so as root `path` is bind-mounted read-only in a mount
    /// namespace of the process's own; otherwise its permissions are taken away.
    func runWithReadOnly(_ path: URL, _ arguments: [String], binary: Binary = .popcorn) throws -> Result {
        guard getuid() == 0 else {
            let permissions = try FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions]
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: path.path)
            defer {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: permissions ?? 0o700], ofItemAtPath: path.path)
            }
            return try run(arguments, binary: binary)
        }
        let mountReadOnly = #"mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@""#
        return try run(
            arguments, binary: binary,
            launcher: [
                "/usr/bin/unshare", "--mount", "--propagation", "private", "sh", "-c", mountReadOnly, "sh", path.path,
            ])
    }

    /// Every file of the data folder, by name, as bytes: to check that a command changed
    /// nothing there.
    func dataFiles() throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: dataDirectory.appending(path: $0))) })
    }

    /// Runs `arguments` with `--json`, expects success, and decodes the output as `type`.
    func json<T: Decodable>(
        _ type: T.Type, _ arguments: [String], binary: Binary = .popcorn,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let result = try run(arguments + ["--json"], binary: binary)
        try #require(result.status == 0, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
        return try PopcornJSON.decoder().decode(T.self, from: Data(result.standardOutput.utf8))
    }

    /// Runs `binary` to its end, its output and errors on pipes.
    func run(
        _ arguments: [String], binary: Binary = .popcorn, environment extra: [String: String] = [:],
        launcher: [String] = []
    ) throws -> Result {
        try start(arguments, binary: binary, environment: extra, launcher: launcher).finish()
    }

    /// Runs `count` processes of `popcorn` with the same arguments, released together: each
    /// is started behind a shell that spins until a file appears, and the file is created
    /// once all are running, so that they reach the same code at nearly the same time.
    func runTogether(_ arguments: [String], count: Int) throws -> [Result] {
        let go = root.appending(path: "go-\(UUID().uuidString)")
        let launcher = ["/bin/sh", "-c", #"while [ ! -e "$0" ]; do :; done; exec "$@""#, go.path]
        let started = try (0..<count).map { _ in
            try start(arguments, binary: .popcorn, environment: [:], launcher: launcher)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: go.path, contents: nil) else {
            started.forEach { $0.process.terminate() }
            throw CocoaError(.fileWriteUnknown)
        }
        return started.map { $0.finish() }
    }

    /// A running process and the pipes of its output and errors.
    struct Running {
        let process: Process
        let output = Pipe()
        let error = Pipe()

        /// Waits for the end, reading what it wrote.
        func finish() -> Result {
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(
                status: process.terminationStatus,
                standardOutput: String(decoding: outputData, as: UTF8.self),
                standardError: String(decoding: errorData, as: UTF8.self))
        }
    }

    private func start(
        _ arguments: [String], binary: Binary, environment extra: [String: String], launcher: [String]
    ) throws -> Running {
        let running = Running(process: process(arguments, binary: binary, environment: extra, launcher: launcher))
        running.process.standardOutput = running.output
        running.process.standardError = running.error
        try running.process.run()
        return running
    }
}
