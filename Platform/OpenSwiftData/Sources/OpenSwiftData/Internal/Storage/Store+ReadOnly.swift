import Foundation

extension Store {
    /// Opens the store of a configuration with `allowsSave: false`: an existing file, at
    /// the schema's shape, on a connection that cannot write (`StoreFile` says how a
    /// WAL store is read in a read-only folder).
    ///
    /// Such a store is never created, migrated or written: a missing or empty file, or
    /// one written by another version of the schema, fails to open and is left exactly
    /// as it was. That is what lets a program read a store in a read-only folder, or one
    /// it must not change.
    static func openReadOnly(url: URL, schema: Schema, plan: VersionedPlan?) throws(SwiftDataError) -> Store {
        let path = url.path
        guard StoreFile.size(of: url) > 0 else {
            throw .io(path: path, detail: "there is no store to read, and allowsSave: false never creates one")
        }
        let queue = try SQLiteErrors.map(path: path) { try StoreFile(url: url).readOnlyQueue() }.get()
        let contents = try SQLiteErrors.map(path: path) {
            try queue.read { db in try inspect(db, path: path, schema: schema) }
        }.get()
        switch contents {
        case .current:
            return Store(writer: queue, identifier: path, url: url, allowsSave: false)
        case .empty:
            throw .io(path: path, detail: "the file holds no store yet, and allowsSave: false never creates one")
        case .other(let stored):
            // A newer or unknown version fails with its own error; an older one would
            // have to be migrated.
            let migrator = StoreMigrator(path: path, schema: schema, plan: plan, observer: nil)
            let pending = try migrator.stages(for: stored)
            let from = pending.from.map { "version \($0)" } ?? "an earlier shape"
            throw .io(
                path: path,
                detail:
                    "it is at \(from) and needs migrating, which allowsSave: false never does; "
                    + "open it once with write access to migrate it")
        }
    }
}
