import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing

@testable import StoreSync

/// The PostgreSQL server of the tests: `POPCORN_TEST_POSTGRES_URL` (set by
/// Scripts/test.sh), or else a throw-away one that `Scripts/test-postgres.sh` starts for
/// this test process and that stops when the process ends.
enum TestServer {
    /// The server's URL, with a password, connected to its `postgres` database.
    static func url() throws -> String {
        try started.withLock { url in
            if let url { return url }
            let made = try ProcessInfo.processInfo.environment["POPCORN_TEST_POSTGRES_URL"] ?? startServer()
            url = made
            return made
        }
    }

    /// A new, empty database on the server, as a remote URL.
    static func newDatabase() async throws -> String {
        let admin = try SyncRemote(url: url())
        let name = "storesync_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await withConnection(admin) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            return ()
        }
        return try url().replacingOccurrences(of: "/postgres", with: "/\(name)")
    }

    /// Runs SQL on a database of the test server (to look at or to break what the engine made).
    static func execute(_ sql: String, on url: String) async throws -> [PostgresRow] {
        try await withConnection(SyncRemote(url: url)) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
        }
    }

    static let logger = Logger(label: "StoreSyncTests")

    private static let started = Mutex<String?>(nil)

    private static func withConnection<Result: Sendable>(
        _ remote: SyncRemote, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: remote.host, port: remote.port, username: remote.user, password: remote.password,
                database: remote.database, tls: .disable),
            id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func startServer() throws -> String {
        let script = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../../../../Scripts/test-postgres.sh"
        ).standardizedFileURL
        let process = Process()
        process.executableURL = URL(filePath: "/bin/bash")
        process.arguments = [
            script.path, "start", "--owner-pid", String(ProcessInfo.processInfo.processIdentifier), "-c", "fsync=off",
        ]
        // A file, not a pipe: the server started in the background may hold on to the
        // script's output, and a pipe would then never end.
        let outputFile = FileManager.default.temporaryDirectory.appending(path: "storesync-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        try process.run()
        // Reaped here: Process's own exit monitoring does not always see the end of a
        // child inside the test runner, and waitUntilExit then never returns.
        var status: Int32 = 0
        while waitpid(process.processIdentifier, &status, 0) == -1 && errno == EINTR {}
        let text = try String(contentsOf: outputFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, let url = text.split(separator: " ").first else {
            throw TestServerError(description: "Scripts/test-postgres.sh could not start PostgreSQL: \(text)")
        }
        return String(url)
    }
}

struct TestServerError: Error, CustomStringConvertible {
    let description: String
}
