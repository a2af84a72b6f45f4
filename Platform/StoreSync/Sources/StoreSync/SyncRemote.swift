import Foundation

/// A PostgreSQL server to sync with, from a `postgres://user:password@host:port/database`
/// URL (`postgresql://` too).
///
/// - The port defaults to 5432 and the database to the user's name.
/// - Without a password in the URL, `PGPASSWORD` is used, as `psql` does.
/// - `?sslmode=` takes libpq's values: `disable`; `prefer` (the default: TLS when the
///   server offers it) and `require`, neither of which checks the server's certificate,
///   as in libpq; `verify-full` (and `verify-ca`), which check it against the system's
///   trusted certificates and the host name.
///
/// The password is never part of ``description``: print or log the remote freely.
public struct SyncRemote: Sendable, Equatable, CustomStringConvertible {
    /// How the connection uses TLS.
    public enum TLSMode: String, Sendable {
        case disable
        case prefer
        case require
        case verifyFull = "verify-full"
    }

    public let host: String
    public let port: Int
    public let user: String
    /// Kept out of ``description`` and every message.
    let password: String?
    public let database: String
    public let tlsMode: TLSMode

    /// Parses a remote URL.
    ///
    /// - Parameter environment: Where `PGPASSWORD` is read when the URL has no password.
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
        var tlsMode = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                let value = item.value ?? ""
                switch value {
                case "verify-ca": tlsMode = .verifyFull
                case "allow": tlsMode = .prefer
                default:
                    guard let mode = TLSMode(rawValue: value) else {
                        throw .invalidRemoteURL(
                            reason: "sslmode=\(value) is not one of disable, prefer, require, verify-full")
                    }
                    tlsMode = mode
                }
            default:
                throw .invalidRemoteURL(reason: "the parameter '\(item.name)' is not supported (only sslmode)")
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
        self.tlsMode = tlsMode
    }

    /// The URL without its password: `postgres://user@host:port/database`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }
}
