import Logging
import NIOSSL
import PostgresNIO

/// A remote's connection settings, for StoreSync's connection and for this package's other
/// PostgreSQL clients (OpenSwiftDataPostgres's pool): one reading of the URL, one TLS rule.
extension SyncRemote {
    /// The TLS settings of ``tlsMode`` other than `disable`: the certificate checked against
    /// the trusted roots (the URL's `sslrootcert`, else the system's) and its name against
    /// the host for `verify-full`, not checked otherwise.
    var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if tlsMode == .verifyFull {
            if let roots = rootCertificates { configuration.trustRoots = .certificates(roots) }
        } else {
            configuration.certificateVerification = .none
        }
        return configuration
    }

    /// The configuration of a postgres-nio connection pool (`PostgresClient`) for this
    /// remote, with its TLS as ``tlsMode`` says.
    package var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch tlsMode {
            case .disable: .disable
            case .prefer: .prefer(tlsConfiguration)
            case .require, .verifyFull: .require(tlsConfiguration)
            }
        return PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
    }
}

extension SyncRemote {
    /// The error a postgres-nio or network failure on this remote is reported as, without
    /// the password: what a sync reports for it.
    ///
    /// - Parameters:
    ///   - error: The failure.
    ///   - connecting: Whether it happened while connecting (a network error is then "the
    ///     server cannot be reached").
    package func failure(_ error: any Error, connecting: Bool) -> SyncError {
        RemoteConnection.failure(error, remote: self, connecting: connecting)
    }
}

extension SyncRemote {
    /// How long connecting may take before the server counts as unreachable: the limit
    /// ``connect(logger:)`` and every sync connection keep to, for clients that wait for a
    /// connection otherwise (a pool's lease) to keep to as well.
    package static var connectTimeout: Duration {
        .nanoseconds(RemoteConnection.connectTimeout.nanoseconds)
    }

    /// Opens one connection to this remote, with its TLS, failing within StoreSync's connect
    /// timeout: what a client that must report a wrong password, a missing database or an
    /// unreachable server at once opens first (a pool retries such failures for a minute).
    ///
    /// - Parameter logger: Where postgres-nio logs.
    /// - Throws: ``SyncError`` when the server cannot be reached, is not trusted, or refuses
    ///   the user or the database.
    package func connect(logger: Logger) async throws(SyncError) -> PostgresConnection {
        try await RemoteConnection.open(self, logger: logger).connection
    }
}
