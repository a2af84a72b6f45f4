import ChildProcess
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The PostgreSQL server of the tests: `POPCORN_TEST_POSTGRES_URL` (set by
/// Scripts/test.sh), or else a throw-away one that `Scripts/test-postgres.sh` starts for
/// this test process and that stops when the process ends. Never a server of the machine.
///
/// Each test takes a database of its own with ``newDatabase()``.
public enum TestPostgres {
    /// The server's URL, with a password, connected to its `postgres` database.
    public static func url() throws -> String {
        try started.withLock { url in
            if let url { return url }
            let made = try ProcessInfo.processInfo.environment["POPCORN_TEST_POSTGRES_URL"] ?? startServer()
            url = made
            return made
        }
    }

    /// A new, empty database on the server, as a remote URL.
    public static func newDatabase() async throws -> String {
        try await newDatabase(on: url())
    }

    fileprivate static func newDatabase(on admin: String) async throws -> String {
        let name = "storesync_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await withConnection(admin) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            return ()
        }
        return admin.replacingOccurrences(of: "/postgres", with: "/\(name)")
    }

    /// A new login role with a password, allowed to connect to the database of `url` and
    /// to create a schema in it (what a person's account needs), as a remote URL of that
    /// database for the role.
    public static func newAccount(on url: String) async throws -> String {
        guard var parts = URLComponents(string: url) else {
            throw TestPostgresError(description: "not a server URL: \(url)")
        }
        let role = "account_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        let password = UUID().uuidString
        let database = parts.path.dropFirst()
        _ = try await execute("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'", on: url)
        _ = try await execute("GRANT CONNECT, CREATE ON DATABASE \(database) TO \(role)", on: url)
        parts.user = role
        parts.password = password
        guard let made = parts.string else { throw TestPostgresError(description: "cannot make a URL from \(url)") }
        return made
    }

    /// Runs SQL on a database of a test server (to look at or to break what the engine made).
    public static func execute(_ sql: String, on url: String) async throws -> [PostgresRow] {
        try await withConnection(url) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
        }
    }

    /// Backs the database of `url` up to `file` with `pg_dump`, as an administrator does.
    public static func dump(_ url: String, to file: URL) async throws {
        _ = try await BlockingWork.run { try runScript(["dump", url, file.path]) }
    }

    /// Restores the database of `url` from `file`, made by ``dump(_:to:)``, with
    /// `pg_restore --clean`, as an administrator puts a server back after losing it.
    public static func restore(_ url: String, from file: URL) async throws {
        _ = try await BlockingWork.run { try runScript(["restore", url, file.path]) }
    }

    /// The whole number a query returns in its first row and column.
    public static func integer(_ sql: String, on url: String) async throws -> Int? {
        try await execute(sql, on: url).first?.decode(Int?.self) ?? nil
    }

    /// Runs SQL on a session of `url` kept open while `body` runs (a session's locks last
    /// as long as it does), then closes it.
    public static func holding<Result: Sendable>(
        _ sql: String, on url: String, while body: () async throws -> Result
    ) async throws -> Result {
        try await holding([sql], on: url, while: body)
    }

    /// Runs statements, in order, on a session of `url` kept open while `body` runs, then
    /// closes it: `["BEGIN", …]` keeps a transaction open while `body` runs, which closing
    /// the session rolls back.
    public static func holding<Result: Sendable>(
        _ statements: [String], on url: String, while body: () async throws -> Result
    ) async throws -> Result {
        try await withConnection(url) { connection in
            for sql in statements {
                _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
            }
            return try await body()
        }
    }

    static let logger = Logger(label: "TestPostgres")

    private static let started = Mutex<String?>(nil)

    private static func withConnection<Result: Sendable>(
        _ url: String, _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        guard let parts = URLComponents(string: url), let host = parts.host, let user = parts.user else {
            throw TestPostgresError(description: "not a server URL: \(url)")
        }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: .init(
                    host: host, port: parts.port ?? 5432, username: user, password: parts.password,
                    database: String(parts.path.dropFirst()), tls: .disable),
                id: 1, logger: logger)
        } catch {
            throw TestPostgresError(describing: error, while: "connecting to \(host):\(parts.port ?? 5432)")
        }
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            // The body's own errors (a test's, a store's) go on as they are.
            guard error is PSQLError else { throw error }
            throw TestPostgresError(describing: error, while: "running SQL on \(parts.path)")
        }
    }

    /// Starts a throw-away server for this process with Scripts/test-postgres.sh, with
    /// these options of its `start` besides the owner and `fsync=off`.
    static func startServer(options: [String] = []) throws -> String {
        try startCluster(options: options).url
    }

    /// A server of the test's own, for a test that restarts it or needs settings of its own
    /// (few connection slots): the shared server serves the tests running in parallel. It
    /// stops when the returned value is released, or with the test process.
    ///
    /// - Parameter settings: The server's settings besides the script's, as `name=value`
    ///   (`max_connections=6`).
    /// - Throws: ``TestPostgresError`` when the server cannot start.
    public static func startOwnServer(settings: [String] = []) async throws -> OwnServer {
        let (url, folder) = try await BlockingWork.run { try startCluster(options: settings.flatMap { ["-c", $0] }) }
        return OwnServer(url: url, folder: folder)
    }

    /// A server of one test (``startOwnServer()``).
    public final class OwnServer: Sendable {
        /// The server's URL, with a password, connected to its `postgres` database.
        public let url: String
        /// The cluster's folder, which the script's `restart` and `stop` take.
        let folder: String

        init(url: String, folder: String) {
            self.url = url
            self.folder = folder
        }

        /// A new, empty database on this server, as a remote URL.
        public func newDatabase() async throws -> String {
            try await TestPostgres.newDatabase(on: url)
        }

        /// Stops the server as a crash would and starts it again on the same port: every
        /// connection is cut, every committed transaction kept.
        public func restart() async throws {
            let folder = folder
            _ = try await BlockingWork.run { try runScript(["restart", folder]) }
        }

        deinit {
            // On a thread of its own: the server is let go of on whatever thread the test
            // ran, often one of the cooperative pool's few.
            let folder = folder
            Thread { _ = try? runScript(["stop", folder]) }.start()
        }
    }

    private static func startCluster(options: [String] = []) throws -> (url: String, folder: String) {
        let text = try runScript(
            [
                "start", "--owner-pid", String(ProcessInfo.processInfo.processIdentifier), "-c", "fsync=off",
            ] + options)
        let words = text.split(separator: " ")
        guard words.count == 2 else {
            throw TestPostgresError(description: "Scripts/test-postgres.sh could not start PostgreSQL: \(text)")
        }
        return (String(words[0]), String(words[1]))
    }

    /// Runs Scripts/test-postgres.sh; its output.
    fileprivate static func runScript(_ arguments: [String]) throws -> String {
        let script = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../../../Scripts/test-postgres.sh"
        ).standardizedFileURL
        let process = ChildProcess()
        process.executableURL = URL(filePath: "/bin/bash")
        process.arguments = [script.path] + arguments
        // A file, not a pipe: the server started in the background may hold on to the
        // script's output, and a pipe would then never end.
        let outputFile = FileManager.default.temporaryDirectory.appending(path: "storesync-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        try process.run()
        process.waitUntilExit()
        let text = try String(contentsOf: outputFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            throw TestPostgresError(description: "Scripts/test-postgres.sh \(arguments[0]) failed: \(text)")
        }
        return text
    }
}

/// The test server could not be started, or a helper's SQL failed.
public struct TestPostgresError: Error, CustomStringConvertible {
    public let description: String

    init(description: String) {
        self.description = description
    }

    /// The error as a failing test prints it: postgres-nio's own description of a
    /// `PSQLError` hides the server's message and the error's code, which a test log needs.
    init(describing error: any Error, while doing: String) {
        let text = error is PSQLError ? String(reflecting: error) : "\(error)"
        self.init(description: "\(doing): \(text)")
    }
}
