/// Why a sync failed, each case with a message a person can act on. No message ever
/// contains the server's password, and a text the server sent is shown on one line without
/// its control characters (a terminal would act on them).
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The remote is not a `postgres://user:password@host:port/database` URL.
    case invalidRemoteURL(reason: String)
    /// The server could not be reached (refused, unknown host, timed out).
    case serverUnreachable(remote: String, reason: String)
    /// The connection was refused for its security before the password or any data was
    /// sent: the server offers no TLS where the `sslmode` requires it, or its certificate
    /// cannot be trusted.
    case untrustedServer(remote: String, reason: String)
    /// The server refused the user name or password.
    case authenticationFailed(remote: String)
    /// The database named in the URL does not exist on the server.
    case databaseMissing(remote: String, database: String)
    /// The server's sync tables were made by a newer release, which this one must not
    /// write to.
    case remoteSchemaNewer(remote: String, found: Int, supported: Int)
    /// The account's schema on the server, or a table of the engine in it, belongs to
    /// another role, which could read, change or drop what this account writes there; the
    /// engine refuses to sync into it. `objects` names each and its owner.
    case remoteNotOwned(remote: String, objects: String)
    /// The server failed or answered something unexpected.
    case server(remote: String, message: String)
    /// A store cannot be synced as it is (its configuration or models).
    case storeNotSyncable(store: String, reason: String)
    /// A local store could not be read or written; it was left as it was.
    case localStore(store: String, reason: String)

    public var description: String {
        switch self {
        case .invalidRemoteURL(let reason):
            "The sync remote is not a valid postgres://user:password@host:port/database URL: \(reason)."
        case .serverUnreachable(let remote, let reason):
            "Cannot reach the sync server \(remote): \(Self.printable(reason)). Nothing was changed; sync again when it is reachable."
        case .untrustedServer(let remote, let reason):
            "The sync server \(remote) was not trusted: \(Self.printable(reason)). Neither the password nor any data was sent; "
                + "nothing was changed."
        case .authenticationFailed(let remote):
            "The sync server \(remote) refused the user name or password. Nothing was changed."
        case .databaseMissing(let remote, let database):
            "The database '\(database)' does not exist on the sync server \(remote); create it (createdb \(database)) "
                + "or name another one in the URL. Nothing was changed."
        case .remoteSchemaNewer(let remote, let found, let supported):
            "The sync server \(remote) holds data written by a newer release (sync schema version \(found); "
                + "this release knows up to \(supported)). Update this program to sync. Nothing was changed."
        case .remoteNotOwned(let remote, let objects):
            "On the sync server \(remote), \(Self.printable(objects)), not this account's role: another role made "
                + "it and could read, change or drop what this account syncs there, so nothing was synced. Ask the "
                + "server's administrator to remove it and to create the account's schema owned by its role "
                + "(see StoreSync's setup). Nothing was changed."
        case .server(let remote, let message):
            "The sync server \(remote) failed: \(Self.printable(message)). The local stores are unchanged or fully updated; "
                + "sync again."
        case .storeNotSyncable(let store, let reason):
            "The store '\(store)' cannot be synced: \(Self.printable(reason))."
        case .localStore(let store, let reason):
            "The local store '\(store)' could not be synced and was left as it was: \(Self.printable(reason))"
        }
    }

    /// Whether the failure is one store's (its records, its table on the server, its local
    /// file), which another store's sync does not meet.
    var isStoreSpecific: Bool {
        switch self {
        case .server, .storeNotSyncable, .localStore: true
        case .invalidRemoteURL, .serverUnreachable, .untrustedServer, .authenticationFailed, .databaseMissing,
            .remoteSchemaNewer, .remoteNotOwned:
            false
        }
    }

    /// A text received or read (a server's message, a local error naming a value) as one
    /// line a terminal shows as it is: control characters (escape sequences, new lines) as
    /// `\u{…}`, and at most 2,000 characters.
    static func printable(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(2_000) {
            if scalar.properties.generalCategory == .control {
                shown += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 2_000 ? shown + "…" : shown
    }
}

extension SyncError {
    /// Runs a step on the local store `store`: a ``SyncError`` it throws passes as it is,
    /// any other error becomes ``localStore(store:reason:)``, naming the store.
    static func onLocalStore<Result>(_ store: String, _ body: () async throws -> Result) async throws(SyncError)
        -> Result
    {
        do {
            return try await body()
        } catch let error as SyncError {
            throw error
        } catch {
            throw .localStore(store: store, reason: "\(error)")
        }
    }
}
