import Foundation
import GRDB

/// An open SQLite store: the connection pool and what it stores.
final class Store: Sendable {
    let writer: any DatabaseWriter
    /// The file path, or `memory:<uuid>` for an in-memory store.
    let identifier: String
    let url: URL?
    let allowsSave: Bool

    private init(writer: any DatabaseWriter, identifier: String, url: URL?, allowsSave: Bool) {
        self.writer = writer
        self.identifier = identifier
        self.url = url
        self.allowsSave = allowsSave
    }

    /// Opens the store of a configuration, creating it when absent.
    ///
    /// An existing store must have been written for exactly this schema; anything else
    /// fails with an error that leaves the file as it was.
    static func open(configuration: ModelConfiguration, schema: Schema) throws(SwiftDataError) -> Store {
        let store: Store
        if configuration.isStoredInMemoryOnly {
            let queue = SQLiteErrors.map(path: ":memory:") { try DatabaseQueue(configuration: Self.configuration()) }
            store = Store(
                writer: try queue.get(), identifier: "memory:\(UUID().uuidString)", url: nil,
                allowsSave: configuration.allowsSave)
        } else {
            let url = configuration.url.standardizedFileURL
            try StoreFiles.prepare(url)
            if StoreFiles.size(of: url) > 0 {
                // Checked read-only first: opening the pool switches a database to WAL
                // mode, and a file that is refused must be left exactly as it was.
                try checkExisting(path: url.path, schema: schema)
            }
            let pool = SQLiteErrors.map(path: url.path) {
                try DatabasePool(path: url.path, configuration: Self.configuration())
            }
            store = Store(
                writer: try pool.get(), identifier: url.path, url: url, allowsSave: configuration.allowsSave)
        }
        try store.validate(schema: schema)
        return store
    }

    /// Fails unless an existing file is a store of this schema, without writing to it.
    private static func checkExisting(path: String, schema: Schema) throws(SwiftDataError) {
        let result = SQLiteErrors.map(path: path) {
            var configuration = Self.configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            _ = try queue.read { db in try check(db, path: path, schema: schema) }
        }
        try result.get()
    }

    /// Fails unless the database is empty or a store of this schema; returns whether it
    /// is empty.
    @discardableResult
    private static func check(_ db: Database, path: String, schema: Schema) throws -> Bool {
        if let hashes = try StoredMetadata.readHashes(from: db) {
            guard hashes != schema.layout.hashes else { return false }
            let stored = try StoredMetadata.read(from: db)
            throw SwiftDataError.schemaMismatch(path: path, differences: schema.layout.differences(from: stored))
        }
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        guard tables.isEmpty else {
            throw SwiftDataError.notAModelStore(path: path, tables: tables)
        }
        return true
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        // Other processes may hold the write lock briefly; wait rather than fail.
        configuration.busyMode = .timeout(30)
        configuration.label = "OpenSwiftData"
        return configuration
    }

    /// Creates the tables of an empty database, or checks that a store matches the schema.
    private func validate(schema: Schema) throws(SwiftDataError) {
        let path = identifier
        let result = SQLiteErrors.map(path: path) {
            try writer.write { db in
                if try Self.check(db, path: path, schema: schema) {
                    try schema.layout.create(in: db, version: nil)
                }
            }
        }
        try result.get()
    }
}

/// File-system preparation for new stores: folders 0700, files 0600.
enum StoreFiles {
    static func size(of url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }

    static func prepare(_ url: URL) throws(SwiftDataError) {
        let manager = FileManager.default
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if !manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            do {
                try manager.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .io(path: folder.path, detail: "cannot create the folder (\(error.localizedDescription))")
            }
        } else if !isDirectory.boolValue {
            throw .io(path: folder.path, detail: "a file stands where the store's folder should be")
        }
        if !manager.fileExists(atPath: url.path) {
            guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw .io(path: url.path, detail: "cannot create the file (is the folder writable?)")
            }
        }
    }
}

/// Turns SQLite errors into ``SwiftDataError`` cases.
enum SQLiteErrors {
    static func map<T>(path: String, _ body: () throws -> T) -> Result<T, SwiftDataError> {
        do {
            return .success(try body())
        } catch {
            return .failure(swiftDataError(error, path: path))
        }
    }

    static func swiftDataError(_ error: any Error, path: String?) -> SwiftDataError {
        if let error = error as? SwiftDataError { return error }
        guard let error = error as? DatabaseError else {
            return .io(path: path ?? "store", detail: "\(error)")
        }
        let where_ = path ?? "store"
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notADatabase(path: where_)
        case .SQLITE_CORRUPT:
            return .corruptFile(path: where_, detail: error.message ?? "database disk image is malformed")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_AUTH:
            return .io(path: where_, detail: error.message ?? "\(error.resultCode)")
        default:
            return .database(code: error.extendedResultCode.rawValue, message: error.message ?? "", sql: error.sql)
        }
    }
}
