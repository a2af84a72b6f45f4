internal import GRDB

/// The highest primary key each entity has ever given, kept in the metadata table
/// (`primaryKey.<Entity>`), so that a deleted row's key is never given to a new row. The
/// entities of a hierarchy (`@Model` subclasses) share their root entity's keys.
///
/// SQLite's `AUTOINCREMENT` does the same for tables created with it; stores written
/// before this record existed start from their highest row, the best knowledge they have.
enum PrimaryKeySequence {
    private static func key(ofEntityNamed name: String) -> String { "primaryKey.\(name)" }

    /// The highest key given to a row of `entity`, or 0 when it never had one.
    static func highestKey(of entity: EntityDescriptor, db: Database) throws -> Int64 {
        try highestKey(ofEntityNamed: entity.rootEntity.name, db: db)
    }

    /// The highest key given to a row of the entity named `name`, or 0 when it never had one.
    static func highestKey(ofEntityNamed name: String, db: Database) throws -> Int64 {
        let recorded =
            try Int64.fetchOne(
                db, sql: "SELECT CAST(value AS INTEGER) FROM \(StoreLayout.metadataTable) WHERE key = ?",
                arguments: [key(ofEntityNamed: name)]) ?? 0
        let highestRow =
            try Int64.fetchOne(
                db,
                sql:
                    "SELECT max(\(EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn))) FROM \(EntityDescriptor.quote(name))"
            ) ?? 0
        return max(recorded, highestRow)
    }

    /// Records `key` as the highest key given to a row of `entity`.
    static func record(_ key: Int64, of entity: EntityDescriptor, db: Database) throws {
        try record(key, ofEntityNamed: entity.rootEntity.name, db: db)
    }

    /// Records `key` as the highest key given to a row of the entity named `name`.
    static func record(_ key: Int64, ofEntityNamed name: String, db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(StoreLayout.metadataTable) (key, value) VALUES (?, ?)",
            arguments: [Self.key(ofEntityNamed: name), String(key)])
    }
}
