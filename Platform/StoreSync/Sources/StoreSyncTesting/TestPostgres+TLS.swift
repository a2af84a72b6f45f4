import Foundation
import Synchronization

extension TestPostgres {
    /// A second throw-away server, started once for this process, that offers TLS with a
    /// certificate for `localhost` signed by a throw-away CA. Plaintext connections are
    /// still accepted, as PostgreSQL does by default: a client asks for TLS or not.
    public struct TLSServer: Sendable {
        /// The server's URL with `localhost` as its host (the certificate's name), with a
        /// password, connected to its `postgres` database; without `sslmode`.
        public let url: String
        public let certificates: TestCertificates
    }

    /// The server that offers TLS, started at the first call.
    public static func tlsServer() throws -> TLSServer {
        try startedTLS.withLock { server in
            if let server { return server }
            let certificates = try TestCertificates.make()
            let url = try startServer(options: [
                "--tls", certificates.serverCertificateFile, certificates.serverKeyFile,
            ])
            let made = TLSServer(
                url: url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:"), certificates: certificates)
            server = made
            return made
        }
    }

    private static let startedTLS = Mutex<TLSServer?>(nil)
}
