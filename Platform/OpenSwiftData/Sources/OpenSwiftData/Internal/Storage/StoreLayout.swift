import Foundation
internal import GRDB

/// The tables, indexes and metadata that store a schema, and the SQL that creates them.
struct StoreLayout: Sendable {
    static let entitiesTable = "openswiftdata_entities"
    static let metadataTable = "openswiftdata_metadata"
    static let schemaVersionKey = "schemaVersion"
    static let formatVersionKey = "formatVersion"
    static let formatVersion = "1"

    let entities: [EntityDescriptor]
    let shapes: [String: EntityShape]
    let hashes: [String: String]
    private let referencesByEntity: [String: [RowReferenceColumn]]
    /// How each entity's rows are read, sub-entities included, by entity.
    private let queries: [ObjectIdentifier: EntityQuery]
    /// The query of each to-many relationship, by entity and property index (see
    /// ``toManyQuery(of:at:)``).
    private let toManyQueries: [ObjectIdentifier: [Int: ToManyQuery]]

    /// A place that refers to a row by its primary key.
    enum RowReferenceColumn: Sendable {
        /// A to-one relationship's column: set to NULL when the row goes. `required`
        /// names a relationship that is not optional, which must not be left NULL.
        /// `owner` is the entity whose table holds the column (its sub-entities' rows too),
        /// `relationship` the relationship's name.
        case column(
            table: String, column: String, required: RequiredRelationship?, owner: EntityDescriptor,
            relationship: String)
        /// A join table's column: the join row goes with the row. The row at the join
        /// row's `otherColumn` loses a link in `otherRelationship` of `otherEntity`, when
        /// that side has a relationship (nil for a one-way relationship's target).
        case joinRow(
            table: String, column: String, otherColumn: String, otherEntity: EntityDescriptor,
            otherRelationship: String?)
    }

    /// A to-one relationship that is not optional, as a save names it when a row it
    /// refers to goes and leaves it without a model.
    struct RequiredRelationship: Sendable {
        let entity: String
        let relationship: String
        let target: String
    }

    /// Where rows of an entity are referred to, for deleting them.
    func references(to entityName: String) -> [RowReferenceColumn] {
        referencesByEntity[entityName] ?? []
    }

    /// How the rows of `entity` are read, its sub-entities' included.
    func query(for entity: EntityDescriptor) -> EntityQuery {
        queries[ObjectIdentifier(entity)] ?? EntityQuery(entity: entity, in: [entity])
    }

    /// The query that reads a to-many relationship for many owners at once: the target
    /// query's columns, then the owner's key (at ``ToManyQuery/ownerColumn``); one
    /// argument, a JSON array of owner keys; rows ordered by owner, then in the
    /// relationship's order.
    func toManyQuery(of entity: EntityDescriptor, at index: Int) -> ToManyQuery {
        let declaring = entity.declaringEntity(of: index)
        if let known = toManyQueries[ObjectIdentifier(declaring)]?[index] { return known }
        return ToManyQuery(of: declaring, at: index, query: query(for:))
    }

    init(entities: [EntityDescriptor]) {
        self.entities = entities
        var shapes: [String: EntityShape] = [:]
        var hashes: [String: String] = [:]
        for entity in entities {
            let shape = EntityShape(entity)
            shapes[entity.name] = shape
            hashes[entity.name] = shape.hash
        }
        self.shapes = shapes
        self.hashes = hashes
        var references: [String: [RowReferenceColumn]] = [:]
        for entity in entities {
            // Each relationship once, from the entity that declares it, whose table holds
            // its column (a sub-entity's table has its own properties only).
            for property in entity.properties[entity.inheritedPropertyCount...] {
                guard let relationship = property.relationship else { continue }
                let target = String(describing: relationship.target)
                switch entity.storage(of: property.index) {
                case .column:
                    let required =
                        relationship.isOptional
                        ? nil
                        : RequiredRelationship(entity: entity.name, relationship: property.name, target: target)
                    references[target, default: []].append(
                        .column(
                            table: entity.quotedTable, column: property.quotedName, required: required,
                            owner: entity, relationship: property.name))
                case .joinTable(let table, true):
                    let inverse = entity.inverse(of: property.index)
                    references[entity.name, default: []].append(
                        .joinRow(
                            table: table.quotedName, column: "source", otherColumn: "target",
                            otherEntity: inverse?.entity ?? EntityDescriptor.known(relationship.target),
                            otherRelationship: inverse.map { $0.entity.properties[$0.index].name }))
                    references[target, default: []].append(
                        .joinRow(
                            table: table.quotedName, column: "target", otherColumn: "source", otherEntity: entity,
                            otherRelationship: property.name))
                case .joinTable, .inverseColumn:
                    break
                }
            }
        }
        self.referencesByEntity = references
        var queries: [ObjectIdentifier: EntityQuery] = [:]
        for entity in entities {
            queries[ObjectIdentifier(entity)] = EntityQuery(entity: entity, in: entities)
        }
        self.queries = queries
        let queryOf = { (entity: EntityDescriptor) in
            queries[ObjectIdentifier(entity)] ?? EntityQuery(entity: entity, in: [entity])
        }
        var toManyQueries: [ObjectIdentifier: [Int: ToManyQuery]] = [:]
        for entity in entities {
            for property in entity.properties[entity.inheritedPropertyCount...]
            where property.relationship?.isToMany == true {
                toManyQueries[ObjectIdentifier(entity), default: [:]][property.index] = ToManyQuery(
                    of: entity, at: property.index, query: queryOf)
            }
        }
        self.toManyQueries = toManyQueries
    }

    /// What differs between the stored shapes and this layout's, one line per change.
    func differences(from stored: StoredMetadata) -> [String] {
        var result: [String] = []
        for entity in entities {
            guard let shape = shapes[entity.name] else { continue }
            guard let storedShape = stored.shapes[entity.name] else {
                result.append("entity \(entity.name) is not in the store")
                continue
            }
            result.append(contentsOf: shape.differences(from: storedShape))
        }
        for name in stored.hashes.keys.sorted() where shapes[name] == nil {
            result.append("entity \(name) is in the store but not in the schema")
        }
        return result
    }

    /// The join tables the schema needs, each once.
    var joinTables: [JoinTable] { EntityShape.joinTables(in: shapes) }

    /// `CREATE TABLE` and `CREATE INDEX` statements for the whole schema.
    var creationSQL: [String] {
        var statements: [String] = []
        for entity in entities {
            statements.append(Self.createTableSQL(for: entity))
            statements.append(contentsOf: createIndexSQL(for: entity))
        }
        for table in joinTables {
            statements.append(contentsOf: Self.createJoinTableSQL(table))
        }
        statements.append(
            "CREATE TABLE IF NOT EXISTS \(Self.entitiesTable) (name TEXT PRIMARY KEY NOT NULL, hash TEXT NOT NULL, shape TEXT NOT NULL)"
        )
        statements.append(
            "CREATE TABLE IF NOT EXISTS \(Self.metadataTable) (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"
        )
        return statements
    }

    /// A column's definition. Columns accept NULL whatever the property's optionality:
    /// Swift's types guard that, and a later version may make the property optional
    /// without rebuilding the table.
    static func columnDefinition(for property: PropertyDescriptor) -> String {
        if let attribute = property.attribute {
            return "\(property.quotedName) \(attribute.codec.storageType.rawValue)"
        }
        return "\(property.quotedName) INTEGER"
    }

    static func createTableSQL(for entity: EntityDescriptor) -> String {
        let columns =
            ["\(EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)) INTEGER PRIMARY KEY"]
            + entity.ownColumnPropertyIndices.map { columnDefinition(for: entity.properties[$0]) }
        return "CREATE TABLE \(entity.quotedTable) (\(columns.joined(separator: ", ")))"
    }

    func createIndexSQL(for entity: EntityDescriptor) -> [String] {
        (shapes[entity.name]?.indexDefinitions ?? []).map(\.createSQL)
    }

    static func createJoinTableSQL(_ table: JoinTable) -> [String] {
        [
            "CREATE TABLE \(table.quotedName) (source INTEGER NOT NULL, target INTEGER NOT NULL, UNIQUE (source, target))",
            "CREATE INDEX \(EntityDescriptor.quote(table.name + "_target_index")) ON \(table.quotedName) (target)",
        ]
    }

    /// Creates every table of the schema in an empty database and records the shapes.
    func create(in db: Database, version: Schema.Version?) throws {
        for statement in creationSQL {
            try db.execute(sql: statement)
        }
        try recordShapes(in: db, version: version)
    }

    /// Writes the current shapes (and version) into the metadata tables.
    func recordShapes(in db: Database, version: Schema.Version?) throws {
        try db.execute(sql: "DELETE FROM \(Self.entitiesTable)")
        for entity in entities {
            guard let shape = shapes[entity.name], let hash = hashes[entity.name] else { continue }
            try db.execute(
                sql: "INSERT INTO \(Self.entitiesTable) (name, hash, shape) VALUES (?, ?, ?)",
                arguments: [entity.name, hash, shape.canonicalJSON]
            )
        }
        try db.execute(
            sql: "INSERT OR REPLACE INTO \(Self.metadataTable) (key, value) VALUES (?, ?)",
            arguments: [Self.formatVersionKey, Self.formatVersion]
        )
        if let version {
            try db.execute(
                sql: "INSERT OR REPLACE INTO \(Self.metadataTable) (key, value) VALUES (?, ?)",
                arguments: [Self.schemaVersionKey, version.description]
            )
        }
    }
}

/// What a store says about itself in its metadata tables.
struct StoredMetadata: Sendable {
    var hashes: [String: String]
    var shapes: [String: EntityShape]
    var version: Schema.Version?

    init(hashes: [String: String], shapes: [String: EntityShape], version: Schema.Version?) {
        self.hashes = hashes
        self.shapes = shapes
        self.version = version
    }

    /// The metadata a store of this layout would have.
    init(layout: StoreLayout) {
        self.init(hashes: layout.hashes, shapes: layout.shapes, version: nil)
    }

    /// The query of every entity's stored hash (also read with SQLite's C API, by
    /// ``StoredHashes``).
    static let hashesSQL = "SELECT name, hash FROM \(StoreLayout.entitiesTable)"

    /// Reads the stored hash of each entity, or returns nil when the database has no
    /// metadata table. This is all that opening an unchanged store reads.
    static func readHashes(from db: Database) throws -> [String: String]? {
        do {
            let rows = try Row.fetchAll(db, sql: hashesSQL)
            var hashes: [String: String] = [:]
            for row in rows { hashes[row["name"]] = row["hash"] as String }
            return hashes
        } catch let error as DatabaseError where error.resultCode == .SQLITE_ERROR {
            return nil
        }
    }

    /// Reads the metadata in full.
    static func read(from db: Database) throws -> StoredMetadata {
        let rows = try Row.fetchAll(db, sql: "SELECT name, hash, shape FROM \(StoreLayout.entitiesTable)")
        var hashes: [String: String] = [:]
        var shapes: [String: EntityShape] = [:]
        let decoder = JSONDecoder()
        for row in rows {
            let name: String = row["name"]
            hashes[name] = row["hash"]
            let json: String = row["shape"]
            shapes[name] = try? decoder.decode(EntityShape.self, from: Data(json.utf8))
        }
        let versionText = try String.fetchOne(
            db,
            sql: "SELECT value FROM \(StoreLayout.metadataTable) WHERE key = ?",
            arguments: [StoreLayout.schemaVersionKey]
        )
        return StoredMetadata(hashes: hashes, shapes: shapes, version: versionText.flatMap(Schema.Version.init))
    }
}
