import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import PopcornApp
import Testing

/// Failures: one line on standard error, nothing on standard output, and the exit status
/// the README documents, the same with and without `--json`.
@Suite("popcorn's exit statuses")
struct ExitStatusTests {
    /// A failure's arguments, the status the README gives it, and what the process needs.
    struct Failure: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        var environment: [String: String] = [:]
        /// What must never be printed, such as a server's password.
        var secrets: [String] = []

        var testDescription: String { "\(arguments.joined(separator: " ")) → \(status)" }
    }

    static let failures: [Failure] = [
        Failure(arguments: ["frobnicate"], status: 64),
        Failure(arguments: ["movies", "show", "abc"], status: 64),
        Failure(arguments: ["movies", "show", "-5"], status: 64),
        Failure(arguments: ["movies", "popular", "--page", "0"], status: 64),
        Failure(arguments: ["search", "   "], status: 64),
        Failure(arguments: ["search", "violin", "--pick", "9"], status: 64),
        Failure(arguments: ["stores", "backup", "nonsense"], status: 64),
        Failure(arguments: ["movies", "show", "999999"], status: 66),
        Failure(arguments: ["tv", "show", "999999"], status: 66),
        Failure(arguments: ["tv", "season", "2004", "99"], status: 66),
        Failure(arguments: ["watchlist", "remove", "1019"], status: 66),
        Failure(arguments: ["stores", "restore", "watchlist", "/nonexistent/watchlist.backup"], status: 66),
        // TMDb at a loopback port nothing listens on: the connection is refused.
        Failure(
            arguments: ["movies", "show", "1019"], status: 69,
            environment: ["TMDB_API_TOKEN": "test-token", "TMDB_BASE_URL": "http://127.0.0.1:9/3"]),
        // Sync: no server given, or not a postgres:// URL, is a usage error; a server that
        // cannot be reached (a loopback port nothing listens on) is the network status.
        // SyncCommandTests adds a wrong password and a server written by a newer release.
        Failure(arguments: ["sync"], status: 64),
        Failure(
            arguments: ["sync", "--remote", "mysql://me:\(syncPassword)@127.0.0.1/popcorn"], status: 64,
            secrets: [syncPassword]),
        Failure(arguments: ["sync", "status", "--remote", "postgres://127.0.0.1/popcorn"], status: 64),
        Failure(
            arguments: ["sync", "--remote", "postgres://me:\(syncPassword)@127.0.0.1:1/popcorn"], status: 69,
            secrets: [syncPassword]),
        Failure(
            arguments: ["sync"], status: 69,
            environment: ["POPCORN_SYNC_URL": "postgres://me:\(syncPassword)@127.0.0.1:1/popcorn"],
            secrets: [syncPassword]),
    ]

    /// The password of the sync servers above, which no message may show.
    static let syncPassword = "pw-never-shown-7"

    /// Runs `arguments` with and without `--json` and expects the same documented failure.
    static func expectFailure(
        _ failure: Failure, popcorn: PopcornProcess = PopcornProcess(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for arguments in [failure.arguments, failure.arguments + ["--json"]] {
            let result = try popcorn.run(arguments, environment: failure.environment)
            #expect(
                result.status == failure.status, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation
            )
            #expect(result.standardOutput.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
            #expect(result.standardError.hasPrefix("popcorn: "), sourceLocation: sourceLocation)
            #expect(
                result.standardError.split(separator: "\n").count == 1, "\(result.standardError)",
                sourceLocation: sourceLocation)
            for secret in failure.secrets {
                #expect(
                    !result.standardError.contains(secret) && !result.standardOutput.contains(secret),
                    "\(arguments) printed a secret", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("usage errors, things not found and network failures", arguments: failures)
    func failure(_ failure: Failure) throws {
        try Self.expectFailure(failure)
    }

    @Test("a store that refuses (written by a newer version, or not a store) is status 65, and left as it was")
    func storeRefused() throws {
        let popcorn = PopcornProcess()
        #expect(try popcorn.run(["watchlist", "add", "1019"]).status == 0)
        try StoreTampering.makeLookNewer(at: popcorn.watchlistStore, version: Schema.Version(9, 0, 0))
        let newer = try Data(contentsOf: popcorn.watchlistStore)
        for arguments in [["watchlist", "list"], ["watchlist", "add", "1011"], ["movies", "show", "1019"]] {
            try Self.expectFailure(Failure(arguments: arguments, status: 65), popcorn: popcorn)
        }
        // Sync refuses it before contacting the server (none listens there), and so does
        // sync status, which only reads.
        let server = "postgres://me:\(Self.syncPassword)@127.0.0.1:1/popcorn"
        for arguments in [["sync", "--remote", server], ["sync", "status", "--remote", server]] {
            try Self.expectFailure(
                Failure(arguments: arguments, status: 65, secrets: [Self.syncPassword]), popcorn: popcorn)
        }
        #expect(try Data(contentsOf: popcorn.watchlistStore) == newer)

        let garbage = PopcornProcess()
        try FileManager.default.createDirectory(at: garbage.dataDirectory, withIntermediateDirectories: true)
        try Data("not a store".utf8).write(to: garbage.historyStore)
        try Self.expectFailure(Failure(arguments: ["history", "list"], status: 65), popcorn: garbage)
        try Self.expectFailure(Failure(arguments: ["search", "violin", "--pick", "1"], status: 65), popcorn: garbage)
        #expect(try Data(contentsOf: garbage.historyStore) == Data("not a store".utf8))
    }

    @Test("the README lists every exit status popcorn uses")
    func documented() throws {
        let readme = try String(contentsOf: JSONContract.readme, encoding: .utf8)
        let documented = Set(
            readme.split(separator: "\n").compactMap { line -> Int32? in
                guard let match = line.firstMatch(of: #/^\| (\d+) \| /#) else { return nil }
                return Int32(match.1)
            })
        #expect(documented == Set(PopcornApp.ExitStatus.allCases.map(\.rawValue)))
        #expect(Set(Self.failures.map(\.status)).union([0, 1, 65]) == documented)
    }
}
