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
