internal import GRDB

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

/// The links of every relationship that a lightweight change stores elsewhere, counted
/// before the change and after it: a relationship kept by the new version (by name, or by
/// `originalName`) must hold as many links after as before. This is the safety net's count
/// of links, beside its count of rows: a relationship whose inverse moved to another
/// property without `originalName` would otherwise lose its links with the old property's
/// column or join table.
///
/// Only relationships whose storage changes are counted (a column or join table kept
/// under its name cannot lose a row to a shape change), so a migration that adds a column
/// still costs no time in proportion to the rows. Links that custom code adds or deletes
/// do not count: the census is taken after `willMigrate` and checked before `didMigrate`.
struct RelationshipLinkCensus {
    /// One relationship, with what counts its links before and after the change.
    struct Entry {
        let entity: String
        let property: String
        let destination: String
        let before: String
        let after: String
        /// The inverse in the old version and in the new, when it changed.
        let inverseChange: (old: String, new: String)?
    }

    let entries: [Entry]

    init(from: [String: EntityShape], to: StoreLayout) {
        var entries: [Entry] = []
        let newShapes = to.shapes
        for entity in to.entities {
            guard let newShape = newShapes[entity.name], let oldShape = from[entity.name] else { continue }
            let oldRelationships = Dictionary(
                oldShape.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for new in newShape.relationships {
                var oldName = new.name
                var old = oldRelationships[new.name]
                if old == nil, let index = entity.propertyIndexByName[new.name],
                    let original = entity.properties[index].relationship?.originalName,
                    entity.propertyIndexByName[original] == nil
                {
                    old = oldRelationships[original]
                    oldName = original
                }
                // A relationship whose cardinality or target changed is refused elsewhere.
                guard let old, old.isToMany == new.isToMany, old.destination == new.destination else { continue }
                let before: String
                let after: String
                if new.isToMany {
                    let oldStorage = LinkStorage(of: old, in: oldShape, shapes: from)
                    let newStorage = LinkStorage(of: new, in: newShape, shapes: newShapes)
                    guard oldStorage != newStorage else { continue }
                    (before, after) = (Self.countSQL(oldStorage), Self.countSQL(newStorage))
                } else {
                    guard oldName != new.name else { continue }
                    before = Self.columnCountSQL(table: entity.name, column: oldName)
                    after = Self.columnCountSQL(table: entity.name, column: new.name)
                }
                var inverseChange: (old: String, new: String)?
                if let oldInverse = old.inverse, let newInverse = new.inverse, oldInverse != newInverse {
                    inverseChange = (oldInverse, newInverse)
                }
                entries.append(
                    Entry(
                        entity: entity.name, property: new.name, destination: new.destination, before: before,
                        after: after, inverseChange: inverseChange))
            }
        }
        self.entries = entries
    }

    /// The links of each entry, before the change.
    func count(_ db: Database) throws -> [Int] {
        try entries.map { try Int.fetchOne(db, sql: $0.before) ?? 0 }
    }

    /// Fails, naming the first relationship whose links changed and what to do, when a
    /// count after the change differs from `before`.
    func verify(_ db: Database, before: [Int]) throws {
        for (entry, expected) in zip(entries, before) {
            let found = try Int.fetchOne(db, sql: entry.after) ?? 0
            guard found != expected else { continue }
            var reason = "it held \(expected) links before the change and would hold \(found) after"
            let remedy: String
            if let (old, new) = entry.inverseChange {
                reason += ", as its inverse moved from \(entry.destination).\(old) to \(entry.destination).\(new)"
                remedy =
                    "If \(entry.destination).\(new) is \(entry.destination).\(old) renamed, declare it with @Relationship(originalName: \"\(old)\"); otherwise move the links in a custom MigrationStage (read them in willMigrate, set them in didMigrate)."
            } else {
                remedy =
                    "Declare renamed relationships with @Relationship(originalName:), or move the links in a custom MigrationStage (read them in willMigrate, set them in didMigrate)."
            }
            throw SwiftDataError.refusedChange(
                entity: entry.entity, property: entry.property, reason: reason, remedy: remedy)
        }
    }

    private static func countSQL(_ storage: LinkStorage) -> String {
        "SELECT COUNT(*) FROM (SELECT DISTINCT owner, target FROM (\(storage.linksSQL)))"
    }

    private static func columnCountSQL(table: String, column: String) -> String {
        "SELECT COUNT(\(EntityDescriptor.quote(column))) FROM \(EntityDescriptor.quote(table))"
    }
}
