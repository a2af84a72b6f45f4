import StoreSync

/// Why a PostgreSQL store could not be opened or used.
public enum PostgresStoreError: Error, Equatable, CustomStringConvertible {
    /// The configuration's URL is not a usable `postgres://` URL.
    case invalidURL(reason: String)
    /// The configuration's name cannot name a PostgreSQL schema.
    case invalidName(String)
    /// The schema uses something this store does not keep yet.
    case unsupported(String)
    /// The server refused or failed an operation; `message` is its error, without the
    /// password.
    case server(message: String)

    /// The error in one line, for a person.
    public var description: String {
        switch self {
        case .invalidURL(let reason): "the PostgreSQL store's URL cannot be used: \(reason)"
        case .invalidName(let name):
            "the PostgreSQL store's name \"\(name)\" cannot name a schema (1 to 63 letters, digits or _)"
        case .unsupported(let feature): "the PostgreSQL store does not keep \(feature) yet"
        case .server(let message): "the PostgreSQL server failed: \(message)"
        }
    }
}

extension PostgresStoreError {
    /// The failure of a server, as StoreSync reads postgres-nio's errors, in the store's words.
    init(_ failure: SyncError) {
        switch failure {
        case .serverUnreachable(let remote, let reason):
            self = .server(message: "cannot reach \(remote): \(reason)")
        case .untrustedServer(let remote, let reason):
            self = .server(message: "\(remote) is not trusted: \(reason)")
        case .authenticationFailed(let remote):
            self = .server(message: "\(remote) refused the user name or password")
        case .databaseMissing(let remote, let database):
            self = .server(message: "\(remote) has no database \(database)")
        case .server(let remote, let message):
            self = .server(message: "\(remote): \(message)")
        default:
            self = .server(message: "\(failure)")
        }
    }
}
