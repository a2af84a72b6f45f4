import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization

/// One connection to the sync server, and the translation of what goes wrong on it into
/// ``SyncError``s that name the server without its password.
struct RemoteConnection {
    let remote: SyncRemote
    let connection: PostgresConnection
    let logger: Logger

    /// How long connecting may take before the server counts as unreachable.
    static let connectTimeout = TimeAmount.seconds(10)

    static func open(_ remote: SyncRemote, logger: Logger) async throws(SyncError) -> RemoteConnection {
        var configuration = PostgresConnection.Configuration(
            host: remote.host, port: remote.port, username: remote.user, password: remote.password,
            database: remote.database, tls: try tls(for: remote))
        configuration.options.connectTimeout = connectTimeout
        do {
            let connection = try await PostgresConnection.connect(
                configuration: configuration, id: 1, logger: logger)
            return RemoteConnection(remote: remote, connection: connection, logger: logger)
        } catch {
            throw failure(error, remote: remote, connecting: true)
        }
    }

    /// Runs a query and collects its rows.
    ///
    /// Fails as soon as the connection closes: postgres-nio can leave a query in flight
    /// while the server closes the connection (its backend terminated, the server
    /// restarted) unanswered, and the sync would wait for ever.
    @discardableResult
    func query(_ query: PostgresQuery) async throws(SyncError) -> [PostgresRow] {
        let connection = connection
        let logger = logger
        do {
            return try await Self.untilClosed(connection) {
                try await connection.query(query, logger: logger).collect()
            }
        } catch {
            throw Self.failure(error, remote: remote, connecting: false)
        }
    }

    /// The connection closed before the query had its answer.
    struct ConnectionClosed: Error {}

    /// The result of `operation`, or ``ConnectionClosed`` once the connection has closed,
    /// whichever comes first. An operation that never ends stays suspended, unawaited.
    private static func untilClosed<Result: Sendable>(
        _ connection: PostgresConnection, _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let pending = Pending(continuation)
            Task {
                do {
                    pending.resume(with: .success(try await operation()))
                } catch {
                    pending.resume(with: .failure(error))
                }
            }
            connection.closeFuture.whenComplete { _ in pending.resume(with: .failure(ConnectionClosed())) }
        }
    }

    /// A continuation resumed once, by whichever of its resumers comes first.
    private final class Pending<Result: Sendable>: Sendable {
        private let continuation: Mutex<CheckedContinuation<Result, any Error>?>

        init(_ continuation: CheckedContinuation<Result, any Error>) {
            self.continuation = Mutex(continuation)
        }

        func resume(with result: Swift.Result<Result, any Error>) {
            continuation.withLock { $0.take() }?.resume(with: result)
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    func transaction<Result>(_ body: () async throws(SyncError) -> Result) async throws(SyncError) -> Result {
        try await query("BEGIN")
        do {
            let result = try await body()
            try await query("COMMIT")
            return result
        } catch {
            _ = try? await query("ROLLBACK")
            throw error
        }
    }

    func close() async {
        try? await connection.close()
    }

    // MARK: Errors

    /// The TLS of the connection: a ``SyncRemote`` has `prefer`, the one mode that may go
    /// on without TLS, only for a loopback host; every other mode sends nothing before the
    /// TLS handshake has succeeded (postgres-nio's `.require` closes the connection when
    /// the server declines TLS).
    static func tls(for remote: SyncRemote) throws(SyncError) -> PostgresConnection.Configuration.TLS {
        guard remote.tlsMode != .disable else { return .disable }
        let configuration = remote.tlsConfiguration
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw .serverUnreachable(remote: remote.description, reason: "TLS cannot be set up (\(error))")
        }
        return remote.tlsMode == .prefer ? .prefer(context) : .require(context)
    }

    /// The ``SyncError`` for an error of postgres-nio or of the network.
    static func failure(_ error: any Error, remote: SyncRemote, connecting: Bool) -> SyncError {
        if let failure = error as? SyncError { return failure }
        let name = remote.description
        if error is ConnectionClosed { return .server(remote: name, message: "the server closed the connection") }
        guard let error = error as? PSQLError else {
            return connecting
                ? .serverUnreachable(remote: name, reason: reason(error))
                : .server(remote: name, message: reason(error))
        }
        if let state = error.serverInfo?[.sqlState] {
            let message = error.serverInfo?[.message] ?? "error \(state)"
            switch state {
            case "28P01", "28000": return .authenticationFailed(remote: name)
            case "3D000": return .databaseMissing(remote: name, database: remote.database)
            default: return .server(remote: name, message: "\(message) (SQLSTATE \(state))")
            }
        }
        if let reason = untrusted(error, remote: remote) { return .untrustedServer(remote: name, reason: reason) }
        switch error.code {
        case .connectionError, .sslUnsupported, .failedToAddSSLHandler:
            return .serverUnreachable(remote: name, reason: error.underlying.map(reason) ?? "\(error.code)")
        case .authMechanismRequiresPassword:
            return .authenticationFailed(remote: name)
        case .serverClosedConnection, .uncleanShutdown:
            return connecting
                ? .serverUnreachable(remote: name, reason: "the server closed the connection")
                : .server(remote: name, message: "the server closed the connection")
        default:
            return .server(remote: name, message: error.underlying.map(reason) ?? "\(error.code)")
        }
    }

    /// Why the connection was refused for its security, if it was: no TLS, or a
    /// certificate that failed its check.
    private static func untrusted(_ error: PSQLError, remote: SyncRemote) -> String? {
        if error.code == .sslUnsupported {
            return "it does not offer TLS (only sslmode=disable connects without it, in clear)"
        }
        guard error.code == .connectionError, let underlying = error.underlying else { return nil }
        if let failure = underlying as? NIOSSLExtraError, failure == .failedToValidateHostname {
            return "its TLS certificate is not for the host \(remote.host)"
        }
        guard case NIOSSLError.handshakeFailed(let failure) = underlying else { return nil }
        if "\(failure)".contains("CERTIFICATE_VERIFY_FAILED") {
            let roots = remote.rootCertificateFile.map { "the certificates of \($0)" } ?? "the system's"
            return "its TLS certificate did not pass the check against the trusted CAs (\(roots)): "
                + "signed by another CA, or expired; name the server's CA with sslrootcert=FILE"
        }
        return "the TLS handshake failed (\(failure))"
    }

    /// A short reason for a network error, such as "connection refused".
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? ChannelError, case .connectTimeout = error { return "timed out" }
        let text = String(describing: error)
        if text.contains("connectTimeout") { return "timed out" }
        if text.contains("Connection refused") || text.contains("connectionRefused") { return "connection refused" }
        return text.split(separator: "\n").first.map(String.init) ?? text
    }
}
