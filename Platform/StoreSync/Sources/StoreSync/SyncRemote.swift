import Foundation
import NIOSSL

/// A PostgreSQL server to sync with, from a `postgres://user:password@host:port/database`
/// URL (`postgresql://` too).
///
/// - The port defaults to 5432 and the database to the user's name.
/// - Without a password in the URL, `PGPASSWORD` is used, as `psql` does.
/// - `?sslmode=` takes libpq's names, and the default depends on the host:
///   - `disable`: no TLS; the password and the data cross the network in clear.
///   - `prefer`: TLS when the server offers it, without checking its certificate; for a
///     loopback host only, a server that does not offer TLS is used without it. For any
///     other host `prefer` is `require`: plaintext is never used unless asked for by name.
///   - `require`: TLS or no connection, without checking the certificate (libpq's
///     meaning). The startup message and the password are sent only once TLS is up,
///     which defeats a listener on the network but not an active attacker posing as the
///     server, who can ask for the password.
///   - `verify-full` (and `verify-ca`, which is the same here): TLS or no connection, the
///     certificate checked against the trusted roots, and its name against the host.
///
///   Without `sslmode`, a loopback host (`localhost`, 127.0.0.0/8, `::1`, as written in
///   the URL) gets `prefer`, so that a local server without TLS works, and every other
///   host gets `verify-full`. The rule reads the host as written, never what a name
///   resolves to: a name pointing at the machine itself could be pointed elsewhere by
///   whoever answers the lookup, and the choice is made before any lookup.
/// - `?sslrootcert=FILE` (libpq's name) makes the PEM certificates in `FILE` the trusted
///   roots instead of the system's, for a server with a private CA; `sslrootcert=system`
///   names the system's. Either makes `verify-full` the default for every host, and a
///   weaker `sslmode` beside it is refused. The file is read when the URL is parsed: a
///   missing or unreadable file, or one without a certificate, is refused at once.
///
/// The password is never part of ``description``: print or log the remote freely.
public struct SyncRemote: Sendable, Equatable, CustomStringConvertible {
    /// How the connection uses TLS.
    public enum TLSMode: String, Sendable {
        /// No TLS: the password and the data cross the network in clear.
        case disable
        /// TLS when a loopback server offers it, plaintext otherwise; for any other host, as
        /// ``require``.
        case prefer
        /// TLS or no connection, the server's certificate not checked.
        case require
        /// TLS or no connection, the certificate checked against the trusted roots and its name
        /// against the host.
        case verifyFull = "verify-full"
    }

    /// The server's host name or address, as the URL writes it.
    public let host: String
    /// The server's port; 5432 when the URL names none.
    public let port: Int
    /// The user name the connection logs in with.
    public let user: String
    /// Kept out of ``description`` and every message.
    let password: String?
    /// The database that holds the sync tables.
    public let database: String
    /// How the connection uses TLS, from `sslmode` and the host (see above): `prefer`
    /// only for a loopback host.
    public let tlsMode: TLSMode
    /// The file named by `sslrootcert`, whose certificates are the trusted roots for
    /// `verify-full`; `nil` for the system's trusted roots.
    public let rootCertificateFile: String?
    /// The certificates of ``rootCertificateFile``, read when the URL was parsed.
    let rootCertificates: [NIOSSLCertificate]?

    /// Parses a remote URL.
    ///
    /// - Parameters:
    ///   - text: A `postgres://` or `postgresql://` URL, with `sslmode` and `sslrootcert`
    ///     as libpq reads them.
    ///   - environment: Where `PGPASSWORD` is read when the URL has no password.
    /// - Throws: ``SyncError/invalidRemoteURL(reason:)`` when the URL is not one, or its
    ///   `sslmode` or `sslrootcert` cannot be used.
    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(SyncError)
    {
        guard let components = URLComponents(string: text) else {
            throw .invalidRemoteURL(reason: "it cannot be read as a URL")
        }
        guard let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
            throw .invalidRemoteURL(reason: "it must start with postgres://")
        }
        // An IPv6 literal comes back in its brackets, which the connection must not get.
        let host = components.host.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
        guard let host, !host.isEmpty else {
            throw .invalidRemoteURL(reason: "it names no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .invalidRemoteURL(reason: "it names no user (postgres://USER@\(host)/…)")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw .invalidRemoteURL(reason: "the port \(port) is out of range")
        }
        var tlsParameters = TLSParameters()
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode": tlsParameters.mode = try TLSMode(libpqName: item.value ?? "")
            case "sslrootcert": tlsParameters.rootCertificates = item.value ?? ""
            default:
                throw .invalidRemoteURL(
                    reason: "the parameter '\(item.name)' is not supported (only sslmode and sslrootcert)")
            }
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.contains("/") else {
            throw .invalidRemoteURL(reason: "the path must be a database name")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password ?? environment["PGPASSWORD"]
        self.database = path.isEmpty ? user : path
        self.tlsMode = try tlsParameters.mode(for: host)
        (self.rootCertificateFile, self.rootCertificates) = try tlsParameters.trustedRoots()
    }

    /// The URL without its password: `postgres://user@host:port/database`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }
}
