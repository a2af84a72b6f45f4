import Foundation
internal import GRDB

/// The shape changes from one version of a schema to the next, done in place with
/// `ALTER TABLE` where SQLite allows it, and refused where they would lose data.
///
/// Allowed: adding an entity; adding an optional attribute, or a non-optional one with
/// a declared default (which fills existing rows); removing an attribute; renaming an
/// attribute or relationship with `originalName`; making an attribute optional.
/// Refused, with the entity, the property and a remedy: a new non-optional attribute
/// without a default on an entity with rows; a type change; a new uniqueness
/// constraint over duplicate values; optional to non-optional while rows hold nil; and
/// removing an entity that still has rows.
struct LightweightMigration {
    /// The stored shapes before the change.
    let from: [String: EntityShape]
    /// The layout after the change.
    let to: StoreLayout
    /// Whether a custom stage's `didMigrate` will fill new non-optional attributes.
    let isCustomStage: Bool
    /// The store's external-data folder, whose files named by dropped columns go once the
    /// migration commits; nil for an in-memory store.
    var externalData: ExternalDataFolder? = nil

    /// What the migration changes: the statements it ran, and the columns `didMigrate`
    /// must fill.
    struct Result {
        var statements: [String] = []
        var columnsToFill: [(entity: String, column: String)] = []
        /// The columns the migration drops, by table.
        var droppedColumns: [(table: String, column: String)] = []
    }

    private static let remedyCustomStage =
        "Use a custom MigrationStage whose willMigrate or didMigrate moves the data explicitly."

    /// Checks the data, then changes the store in this order: tables of removed
    /// entities dropped; per entity, old indexes dropped and columns added or renamed;
    /// join tables created or renamed; relationship links moved to their new storage;
    /// old join tables and columns dropped (so that no link is dropped before it moved);
    /// new indexes created.
    func run(in db: Database) throws -> Result {
        var result = Result()
        var statements: [String] = []
        var columnDrops: [String] = []
        var indexesToCreate: [IndexDefinition] = []
        let newShapes = to.shapes

        for name in from.keys.sorted() where newShapes[name] == nil {
            let rows = try count(db, table: name)
            if rows > 0 {
                throw SwiftDataError.refusedChange(
                    entity: name, property: nil,
                    reason: "the schema no longer has \(name), whose table still holds \(rows) rows",
                    remedy:
                        "Keep the model in the schema, or delete its rows explicitly in the willMigrate of a custom MigrationStage."
                )
            }
            statements.append("DROP TABLE \(EntityDescriptor.quote(name))")
        }

        for entity in to.entities {
            guard let newShape = newShapes[entity.name] else { continue }
            guard let oldShape = from[entity.name] else {
                statements.append(StoreLayout.createTableSQL(for: entity))
                indexesToCreate += newShape.indexDefinitions
                continue
            }
            guard oldShape != newShape else { continue }
            let oldIndexes = Set(oldShape.indexDefinitions)
            let newIndexes = Set(newShape.indexDefinitions)
            // Indexes are dropped before the columns change, and created after.
            statements += oldIndexes.subtracting(newIndexes).sorted { $0.name < $1.name }.map(\.dropSQL)
            let columns = try columnStatements(entity: entity, old: oldShape, new: newShape, db: db, result: &result)
            statements += columns.changes
            columnDrops += columns.drops
            indexesToCreate += newIndexes.subtracting(oldIndexes).sorted { $0.name < $1.name }
        }

        let joinTables = joinTableStatements()
        let moves = linkMoves(renamedJoinTables: joinTables.renamedFrom)
        for move in moves { try move.check(db) }

        for statement in statements + joinTables.changes {
            try db.execute(sql: statement)
        }
        var executed = statements + joinTables.changes
        for move in moves {
            executed.append(try move.copy(db))
            try move.verify(db)
        }
        try removeExternalData(of: result.droppedColumns, db: db)
        for statement in joinTables.drops + columnDrops {
            try db.execute(sql: statement)
        }
        executed += joinTables.drops + columnDrops
        for index in indexesToCreate {
            if index.isUnique {
                try checkNoDuplicates(index, db: db)
            }
            try db.execute(sql: index.createSQL)
            executed.append(index.createSQL)
        }
        result.statements = executed
        return result
    }

    // MARK: Relationship links

    /// The to-many relationships kept by the new version whose links are stored
    /// elsewhere than before: in a join table instead of the inverse's column, the other
    /// way round, or in another join table that is not a rename of the old one.
    private func linkMoves(renamedJoinTables: Set<String>) -> [RelationshipLinkMove] {
        var moves: [RelationshipLinkMove] = []
        let newShapes = to.shapes
        for entity in to.entities {
            guard let newShape = newShapes[entity.name], let oldShape = from[entity.name] else { continue }
            for property in entity.properties {
                guard let relationship = property.relationship, relationship.isToMany,
                    let newRelationship = newShape.relationships.first(where: { $0.name == property.name })
                else { continue }
                let oldName =
                    oldShape.relationships.contains { $0.name == property.name }
                    ? property.name : (relationship.originalName ?? property.name)
                guard let oldRelationship = oldShape.relationships.first(where: { $0.name == oldName }),
                    oldRelationship.isToMany, oldRelationship.destination == newRelationship.destination
                else { continue }
                let old = LinkStorage(of: oldRelationship, in: oldShape, shapes: from)
                let new = LinkStorage(of: newRelationship, in: newShape, shapes: newShapes)
                guard old != new else { continue }
                if case .joinTable(let oldTable, _) = old, case .joinTable = new,
                    renamedJoinTables.contains(oldTable.name)
                {
                    continue
                }
                if case .inverseColumn = old, case .inverseColumn = new { continue }
                moves.append(RelationshipLinkMove(entity: entity.name, property: property.name, from: old, to: new))
            }
        }
        return moves
    }

    // MARK: Entities

    /// Renames, drops and adds columns, after checking each change against the data.
    private func columnStatements(
        entity: EntityDescriptor, old: EntityShape, new: EntityShape, db: Database, result: inout Result
    ) throws -> (changes: [String], drops: [String]) {
        var statements: [String] = []
        let table = entity.quotedTable
        let oldAttributes = Dictionary(old.attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldRelationships = Dictionary(
            old.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var matchedOld = Set<String>()
        var rowCount: Int?
        func rows() throws -> Int {
            if let rowCount { return rowCount }
            let counted = try count(db, table: entity.name)
            rowCount = counted
            return counted
        }

        for property in entity.properties {
            let propertyName = property.name
            if let attribute = property.attribute {
                guard let newAttribute = new.attributes.first(where: { $0.name == propertyName }) else { continue }
                var oldName = propertyName
                var oldAttribute = oldAttributes[propertyName]
                if oldAttribute == nil, let original = attribute.originalName,
                    entity.propertyIndexByName[original] == nil
                {
                    oldAttribute = oldAttributes[original]
                    oldName = original
                }
                guard let oldAttribute else {
                    statements.append(
                        try addColumn(
                            entity: entity, property: property, attribute: attribute, rows: rows, result: &result)
                    )
                    continue
                }
                matchedOld.insert(oldName)
                if oldAttribute.type != newAttribute.type {
                    throw SwiftDataError.refusedChange(
                        entity: entity.name, property: propertyName,
                        reason: "its type changed from \(oldAttribute.type) to \(newAttribute.type)",
                        remedy:
                            "Add a new property of the new type, copy the values in a custom stage's didMigrate, then remove the old one in a later version."
                    )
                }
                if oldName != propertyName {
                    statements.append(
                        "ALTER TABLE \(table) RENAME COLUMN \(EntityDescriptor.quote(oldName)) TO \(property.quotedName)"
                    )
                }
                if oldAttribute.isOptional, !newAttribute.isOptional {
                    let nulls = try nullCount(of: oldName, in: table, db: db)
                    if nulls > 0 {
                        throw SwiftDataError.refusedChange(
                            entity: entity.name, property: propertyName,
                            reason: "it becomes non-optional but \(nulls) rows hold nil",
                            remedy:
                                "Keep it optional, or give those rows a value in the willMigrate of a custom MigrationStage."
                        )
                    }
                }
            } else if let relationship = property.relationship {
                guard let newRelationship = new.relationships.first(where: { $0.name == propertyName }) else {
                    continue
                }
                var oldName = propertyName
                var oldRelationship = oldRelationships[propertyName]
                if oldRelationship == nil, let original = relationship.originalName,
                    entity.propertyIndexByName[original] == nil
                {
                    oldRelationship = oldRelationships[original]
                    oldName = original
                }
                guard let oldRelationship else {
                    if !relationship.isToMany {
                        // A new required to-one: the rows there are would refer to no model.
                        if !relationship.isOptional {
                            if isCustomStage {
                                result.columnsToFill.append((entity.name, property.name))
                            } else if try rows() > 0 {
                                throw SwiftDataError.refusedChange(
                                    entity: entity.name, property: propertyName,
                                    reason:
                                        "it is a new non-optional relationship, and \(entity.name) has \(try rows()) rows",
                                    remedy:
                                        "Make it optional, or add it in a custom MigrationStage whose didMigrate sets it."
                                )
                            }
                        }
                        statements.append(
                            "ALTER TABLE \(table) ADD COLUMN \(StoreLayout.columnDefinition(for: property))")
                    }
                    continue
                }
                matchedOld.insert(oldName)
                if oldRelationship.isToMany != newRelationship.isToMany
                    || oldRelationship.destination != newRelationship.destination
                {
                    throw SwiftDataError.refusedChange(
                        entity: entity.name, property: propertyName,
                        reason:
                            "the relationship changed from \(Self.describe(oldRelationship)) to \(Self.describe(newRelationship))",
                        remedy: Self.remedyCustomStage
                    )
                }
                if !relationship.isToMany, oldName != propertyName {
                    statements.append(
                        "ALTER TABLE \(table) RENAME COLUMN \(EntityDescriptor.quote(oldName)) TO \(property.quotedName)"
                    )
                }
                // A row without a target could not be read as the new version's model.
                if !relationship.isToMany, oldRelationship.isOptional, !newRelationship.isOptional {
                    let nulls = try nullCount(of: oldName, in: table, db: db)
                    if nulls > 0 {
                        throw SwiftDataError.refusedChange(
                            entity: entity.name, property: propertyName,
                            reason: "it becomes non-optional but \(nulls) rows refer to no model",
                            remedy:
                                "Keep it optional, or give those rows a model in the willMigrate of a custom MigrationStage."
                        )
                    }
                }
            }
        }
        var drops: [String] = []
        for removed in old.attributes.map(\.name) + old.relationships.filter({ !$0.isToMany }).map(\.name)
        where !matchedOld.contains(removed) {
            drops.append("ALTER TABLE \(table) DROP COLUMN \(EntityDescriptor.quote(removed))")
            result.droppedColumns.append((entity.name, removed))
        }
        return (statements, drops)
    }

    /// How many rows of `table` hold NULL in `column`.
    private func nullCount(of column: String, in table: String, db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(EntityDescriptor.quote(column)) IS NULL") ?? 0
    }

    /// `ADD COLUMN`, with the declared default filling existing rows; SQLite stores the
    /// default once in the schema, so this does not rewrite the table.
    private func addColumn(
        entity: EntityDescriptor, property: PropertyDescriptor, attribute: PropertyDescriptor.Attribute,
        rows: () throws -> Int, result: inout Result
    ) throws -> String {
        var definition = StoreLayout.columnDefinition(for: property)
        if let defaultValue = attribute.defaultValue {
            let encoded = try attribute.codec.encodeAny(defaultValue)
            if !encoded.isNull {
                definition += " DEFAULT \(Self.literal(encoded.databaseValue))"
            }
        } else if !attribute.codec.isOptional {
            if isCustomStage {
                result.columnsToFill.append((entity.name, property.name))
            } else {
                let existing = try rows()
                if existing > 0 {
                    throw SwiftDataError.refusedChange(
                        entity: entity.name, property: property.name,
                        reason:
                            "it is a new non-optional attribute without a default value, and \(entity.name) has \(existing) rows",
                        remedy:
                            "Give it a default value in the model (var \(property.name): T = …), make it optional, or add it in a custom MigrationStage whose didMigrate sets it."
                    )
                }
            }
        }
        return "ALTER TABLE \(entity.quotedTable) ADD COLUMN \(definition)"
    }

    /// Records the external-data files that `columns`, about to be dropped, name: they
    /// are removed once the migration commits, and kept if it rolls back.
    private func removeExternalData(of columns: [(table: String, column: String)], db: Database) throws {
        guard let externalData, externalData.exists, !columns.isEmpty else { return }
        let changes = ExternalDataChanges(folder: externalData)
        let blobColumns = try ExternalDataRows.blobColumns(db)
        for (table, column) in columns {
            guard blobColumns.contains(where: { $0.table == table && $0.columns.contains(column) }) else { continue }
            let references = try ExternalDataRows.references(db, table: table, columns: [column], where: nil)
            changes.replace(references.map(\.fileName))
        }
        changes.settle(in: db)
    }

    // MARK: Join tables

    /// The join tables to create or rename (a relationship renamed with `originalName`
    /// keeps its rows), and those to drop once their links have moved.
    private func joinTableStatements() -> (changes: [String], drops: [String], renamedFrom: Set<String>) {
        let oldTables = EntityShape.joinTables(in: from)
        let newTables = to.joinTables
        var changes: [String] = []
        let oldNames = Set(oldTables.map(\.name))
        var renamedFrom = Set<String>()
        for table in newTables where !oldNames.contains(table.name) {
            if let entity = to.entities.first(where: { $0.name == table.ownerEntity }),
                let index = entity.propertyIndexByName[table.ownerProperty],
                let original = entity.properties[index].relationship?.originalName,
                oldNames.contains("\(table.ownerEntity)_\(original)")
            {
                let oldName = "\(table.ownerEntity)_\(original)"
                renamedFrom.insert(oldName)
                changes.append("ALTER TABLE \(EntityDescriptor.quote(oldName)) RENAME TO \(table.quotedName)")
                continue
            }
            changes += StoreLayout.createJoinTableSQL(table)
        }
        let newNames = Set(newTables.map(\.name))
        var drops: [String] = []
        for table in oldTables where !newNames.contains(table.name) && !renamedFrom.contains(table.name) {
            drops.append("DROP TABLE IF EXISTS \(table.quotedName)")
        }
        return (changes, drops, renamedFrom)
    }

    // MARK: Checks

    /// Refuses a unique index over values more than one row holds. A row with a NULL among
    /// its values holds none that another row shares: SQLite's unique index takes any number
    /// of them, as the store's does when the model is new.
    private func checkNoDuplicates(_ index: IndexDefinition, db: Database) throws {
        let quoted = index.columns.map(EntityDescriptor.quote)
        let columns = quoted.joined(separator: ", ")
        let notNull = quoted.map { "\($0) IS NOT NULL" }.joined(separator: " AND ")
        let duplicates =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM (SELECT 1 FROM \(EntityDescriptor.quote(index.table)) \
                    WHERE \(notNull) GROUP BY \(columns) HAVING COUNT(*) > 1)
                    """
            ) ?? 0
        if duplicates > 0 {
            throw SwiftDataError.refusedChange(
                entity: index.table, property: index.columns.joined(separator: ", "),
                reason: "it becomes unique but \(duplicates) values are held by more than one row",
                remedy: "Remove or merge the duplicates in the willMigrate of a custom MigrationStage."
            )
        }
    }

    private func count(_ db: Database, table: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(EntityDescriptor.quote(table))") ?? 0
    }

    private static func describe(_ relationship: EntityShape.Relationship) -> String {
        (relationship.isToMany ? "to-many " : "to-one ") + relationship.destination
    }

    /// An SQL literal for a default value.
    static func literal(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: "NULL"
        case .int64(let integer): String(integer)
        case .double(let double): double.isFinite ? "\(double)" : (double > 0 ? "9e999" : "-9e999")
        case .string(let text): "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data): "X'" + data.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}
