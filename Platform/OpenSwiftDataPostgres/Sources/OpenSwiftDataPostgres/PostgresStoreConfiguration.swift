import Foundation
import OpenSwiftData
import StoreSync

/// A store of models in a PostgreSQL database, named in a container as SwiftData apps name
/// a custom store (`ModelContainer(for: Trip.self, Stop.self, configurations: shared)`):
///
/// ```swift
/// let shared = PostgresStoreConfiguration(
///     name: "trips", url: URL(string: "postgres://app@db.internal/travel?sslmode=verify-full")!)
/// ```
///
/// The same `@Model` types run on SQLite (`ModelConfiguration`) or PostgreSQL by changing
/// the configuration. The store keeps its tables in a PostgreSQL schema (a namespace) named
/// after the configuration's ``name``, so that two apps, each with its own name, share one
/// database safely.
///
/// The URL takes its usual forms (`postgres://user:password@host:port/database`, with
/// libpq's `sslmode` and `sslrootcert`), read as StoreSync's remotes are: TLS with the
/// server's certificate and name checked (`verify-full`) for every host but a loopback one,
/// unless the URL says otherwise; `PGPASSWORD` when the URL has no password.
public struct PostgresStoreConfiguration: DataStoreConfiguration {
    /// The store this configuration opens.
    public typealias Store = PostgresStore

    /// The configuration's name, and the PostgreSQL schema that holds the store's tables.
    public var name: String
    /// The models the store holds; set by the container when nil.
    public var schema: Schema?
    /// The server and database.
    public var url: URL
    /// The migration whose custom stage opens the store, on whose connection it then runs
    /// (``PostgresMigrationSession``); nil for every other store.
    var migrationSession: PostgresMigrationSession?

    /// A PostgreSQL store.
    ///
    /// - Parameters:
    ///   - name: The configuration's name, and the PostgreSQL schema (namespace) that holds
    ///     the store's tables; `default` unless given.
    ///   - schema: The models the store holds; nil for those the container assigns it.
    ///   - url: The server and database: `postgres://user:password@host:port/database`.
    public init(name: String = "default", schema: Schema? = nil, url: URL) {
        self.name = name
        self.schema = schema
        self.url = url
    }

    /// Checks the URL, before the container opens the store.
    ///
    /// - Throws: ``PostgresStoreError/invalidURL(reason:)`` when the URL is not a usable
    ///   `postgres://` URL, or ``PostgresStoreError/invalidName(_:)`` for a name PostgreSQL
    ///   cannot take as a schema name.
    public func validate() throws {
        _ = try remote
        try PostgresTables.checkNamespace(name)
    }

    /// The server, from ``url``.
    var remote: SyncRemote {
        get throws(PostgresStoreError) {
            do {
                return try SyncRemote(url: url.absoluteString)
            } catch {
                throw .invalidURL(reason: "\(error)")
            }
        }
    }

    /// `postgres://user@host:port/database/name`: the store's identifier, which its models'
    /// `PersistentIdentifier.storeIdentifier` and its errors name.
    func storeIdentifier(on remote: SyncRemote) -> String { "\(remote)/\(name)" }

    /// Two configurations are equal when they name the same schema on the same server.
    public static func == (lhs: PostgresStoreConfiguration, rhs: PostgresStoreConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url
    }

    /// Hashes what `==` compares: the name and the URL.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
    }
}
