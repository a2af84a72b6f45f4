import GRDB

/// Where the links of a to-many relationship are stored, known from the stored shapes
/// alone: the inverse's column when the inverse is to-one, else a join table owned by the
/// alphabetically first side of the pair (the rule ``EntityDescriptor/storage(of:)``
/// applies to a live schema).
enum LinkStorage: Equatable {
    /// The inverse's to-one column in the target's table holds the owner's key.
    case inverseColumn(table: String, column: String)
    /// A join table; `ownerIsSource` when the owner's keys are its `source` column.
    case joinTable(JoinTable, ownerIsSource: Bool)

    init(of relationship: EntityShape.Relationship, in shape: EntityShape, shapes: [String: EntityShape]) {
        let inverse = relationship.inverse.flatMap { name in
            shapes[relationship.destination]?.relationships.first { $0.name == name }
        }
        guard let inverse else {
            self = .joinTable(JoinTable(ownerEntity: shape.name, ownerProperty: relationship.name), ownerIsSource: true)
            return
        }
        if !inverse.isToMany {
            self = .inverseColumn(table: relationship.destination, column: inverse.name)
            return
        }
        let own = (shape.name, relationship.name)
        let other = (relationship.destination, inverse.name)
        let owner = own <= other ? own : other
        self = .joinTable(JoinTable(ownerEntity: owner.0, ownerProperty: owner.1), ownerIsSource: own <= other)
    }

    /// A `SELECT` of the links as `(owner, target)` key pairs.
    var linksSQL: String {
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        switch self {
        case .inverseColumn(let table, let column):
            let quoted = EntityDescriptor.quote(column)
            return
                "SELECT \(quoted) AS owner, \(primaryKey) AS target FROM \(EntityDescriptor.quote(table)) WHERE \(quoted) IS NOT NULL"
        case .joinTable(let table, let ownerIsSource):
            let (owner, target) = ownerIsSource ? ("source", "target") : ("target", "source")
            return "SELECT \(owner) AS owner, \(target) AS target FROM \(table.quotedName)"
        }
    }
}

/// The links of one to-many relationship moving from where an older version stored
/// them to where the new one does, within a lightweight migration: a back-reference
/// added or removed turns a join table into the inverse's column or the other way round.
///
/// The links are checked before anything is written (a column holds one owner per
/// target, so a target linked to several owners is refused), and after: every old link
/// must be found in the new storage, or the migration fails and rolls back.
struct RelationshipLinkMove {
    let entity: String
    let property: String
    let from: LinkStorage
    let to: LinkStorage

    /// Refuses a move that cannot keep every link; call before any change is made.
    func check(_ db: Database) throws {
        guard case .inverseColumn(let table, let column) = to else { return }
        let shared =
            try Int.fetchOne(
                db,
                sql:
                    "SELECT COUNT(*) FROM (SELECT target FROM (\(from.linksSQL)) GROUP BY target HAVING COUNT(DISTINCT owner) > 1)"
            ) ?? 0
        if shared > 0 {
            throw SwiftDataError.refusedChange(
                entity: entity, property: property,
                reason:
                    "it is now stored in \(table).\(column), which holds one \(entity) per \(table), but \(shared) \(table) rows are linked to several",
                remedy:
                    "Keep each \(table) linked to one \(entity) in a custom MigrationStage's willMigrate, or declare the relationships' inverses so that they stay many-to-many."
            )
        }
        let conflicting = try conflictsWithStoredColumn(table: table, column: column, db: db)
        if conflicting > 0 {
            throw SwiftDataError.refusedChange(
                entity: entity, property: property,
                reason:
                    "it is now stored in \(table).\(column), but \(conflicting) rows of \(table) already refer there to another \(entity)",
                remedy: "Reconcile the two relationships in a custom MigrationStage's willMigrate."
            )
        }
    }

    /// Copies the links into their new storage, which exists by now; the old storage
    /// is still there. Returns the statement it ran.
    func copy(_ db: Database) throws -> String {
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        let sql: String
        switch to {
        case .joinTable(let table, let ownerIsSource):
            let columns = ownerIsSource ? "owner, target" : "target, owner"
            sql =
                "INSERT OR IGNORE INTO \(table.quotedName) (source, target) SELECT \(columns) FROM (\(from.linksSQL))"
        case .inverseColumn(let table, let column):
            let quotedTable = EntityDescriptor.quote(table)
            sql =
                "UPDATE \(quotedTable) SET \(EntityDescriptor.quote(column)) = "
                + "(SELECT owner FROM (\(from.linksSQL)) AS link WHERE link.target = \(quotedTable).\(primaryKey)) "
                + "WHERE \(primaryKey) IN (SELECT target FROM (\(from.linksSQL)))"
        }
        try db.execute(sql: sql)
        return sql
    }

    /// Fails when a link of the old storage is missing from the new one.
    func verify(_ db: Database) throws {
        let expected =
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT DISTINCT owner, target FROM (\(from.linksSQL)))")
            ?? 0
        let missing =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM (SELECT DISTINCT owner, target FROM (\(from.linksSQL))) AS old
                    WHERE NOT EXISTS (SELECT 1 FROM (\(to.linksSQL)) AS new
                    WHERE new.owner = old.owner AND new.target = old.target)
                    """
            ) ?? 0
        if missing > 0 {
            throw SwiftDataError.rowCountMismatch(
                entity: "\(entity).\(property) links", expected: expected, found: expected - missing)
        }
    }

    private func conflictsWithStoredColumn(table: String, column: String, db: Database) throws -> Int {
        // Only a column that existed before can hold values already.
        let columns = try db.columns(in: table).map(\.name)
        guard columns.contains(column) else { return 0 }
        let quotedTable = EntityDescriptor.quote(table)
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        let quotedColumn = EntityDescriptor.quote(column)
        return try Int.fetchOne(
            db,
            sql: """
                SELECT COUNT(*) FROM \(quotedTable) JOIN (\(from.linksSQL)) AS link
                ON link.target = \(quotedTable).\(primaryKey)
                WHERE \(quotedTable).\(quotedColumn) IS NOT NULL AND \(quotedTable).\(quotedColumn) != link.owner
                """
        ) ?? 0
    }
}
