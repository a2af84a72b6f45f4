import Foundation
internal import GRDB

extension StoreFile {
    /// Reads what the store holds without writing to it: its schema version, its entities
    /// with their row counts, and its state compared with `schema`.
    ///
    /// - Parameters:
    ///   - schema: The schema the program expects; without one, any readable store is
    ///     `StoreInspection.State.ok`.
    ///   - migrationPlan: The plan the program would open the store with; it tells an
    ///     older version (`StoreInspection.State.needsMigration(from:)`) from a newer
    ///     one (`StoreInspection.State.newer(storeVersion:)`) and from an unknown one.
    /// - Returns: The inspection; a file that cannot be read is
    ///   `StoreInspection.State.damaged(reason:)`, never an error.
    public func inspect(
        expecting schema: Schema? = nil, migrationPlan: (any SchemaMigrationPlan.Type)? = nil
    ) -> StoreInspection {
        guard let size = fileSize else { return StoreInspection(state: .missing, fileSize: nil) }
        // A zero-length file is a store nobody has created yet; opening SQLite on it
        // would only tell the same.
        guard size > 0 else { return StoreInspection(state: .empty, fileSize: 0) }
        do {
            return try readOnlyQueue().read { db in
                guard try StoredMetadata.readHashes(from: db) != nil else {
                    let tables = try Self.tableNames(db)
                    return StoreInspection(
                        state: tables.isEmpty ? .empty : .notAModelStore(tables: tables), fileSize: size)
                }
                let stored = try StoredMetadata.read(from: db)
                let entities = try stored.hashes.keys.sorted().map { name in
                    StoreInspection.EntityRows(
                        entity: name,
                        rowCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(EntityDescriptor.quote(name))") ?? 0
                    )
                }
                return StoreInspection(
                    state: state(of: stored, expecting: schema, migrationPlan: migrationPlan), fileSize: size,
                    schemaVersion: stored.version, entities: entities)
            }
        } catch {
            return StoreInspection(state: .damaged(reason: Self.reason(error)), fileSize: size)
        }
    }

    private func state(
        of stored: StoredMetadata, expecting schema: Schema?, migrationPlan: (any SchemaMigrationPlan.Type)?
    ) -> StoreInspection.State {
        guard let schema, stored.hashes != schema.layout.hashes else { return .ok }
        guard let migrationPlan else { return .needsMigration(from: stored.version) }
        do {
            let plan = try VersionedPlan(migrationPlan, current: schema)
            return .needsMigration(from: plan.versions[try plan.versionIndex(of: stored, path: path)].identifier)
        } catch {
            switch error.cause {
            case .storeIsNewer(_, let storeVersion, _):
                return Schema.Version(storeVersion).map { .newer(storeVersion: $0) }
                    ?? .unknownVersion(differences: [error.description])
            case .unknownModelVersion(_, _, let differences):
                return .unknownVersion(differences: differences)
            default:
                return .unknownVersion(differences: [error.description])
            }
        }
    }

    /// The database's own tables, SQLite's aside.
    static func tableNames(_ db: Database, schema: String = "main") throws -> [String] {
        try String.fetchAll(
            db,
            sql:
                "SELECT name FROM \(schema).sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    }

    /// The names of the columns of `table` in `schema` (`main`, or an attached database);
    /// empty for a table that does not exist.
    static func columnNames(_ db: Database, schema: String = "main", table: String) throws -> [String] {
        try Row.fetchAll(db, sql: "PRAGMA \(schema).table_info(\(EntityDescriptor.quote(table)))").map { $0["name"] }
    }

    /// SQLite's message for an error, as a person reads it.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return SQLiteErrors.detail(of: error) }
        return "\(error)"
    }
}
