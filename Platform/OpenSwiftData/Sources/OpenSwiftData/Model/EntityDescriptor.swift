import Foundation
import GRDB
import Synchronization

/// Everything the runtime knows about one model type, built once from its
/// `schemaMetadata` and shared by every container and context.
// @unchecked Sendable: every field is a `let` set by the initializer, or a cache behind a
// `Mutex`; the key paths are immutable objects, and the relationship-slot templates hold
// no model (only `.notLoaded` and empty slots); // checked by `ConcurrentSchemaUseTests` under the thread sanitizer.
final class EntityDescriptor: @unchecked Sendable {
    /// The entity name: the class's own name, also the table name.
    let name: String
    /// A small number unique to this descriptor in the process, by which contexts keep
    /// their models of the entity (``IdentityMap``).
    let registryIndex: Int
    let modelType: any PersistentModel.Type
    /// The persisted properties, indexed as `@Model` numbered them.
    let properties: [PropertyDescriptor]
    /// The codec of each attribute, by property index (nil for relationships): what
    /// property accessors use, without copying a ``PropertyDescriptor``.
    let attributeCodecs: [AttributeCodec?]
    let propertyIndexByKeyPath: [AnyKeyPath: Int]
    let propertyIndexByName: [String: Int]
    /// Groups of property names declared with `#Index`.
    let declaredIndexes: [[String]]
    /// Groups of property names that must be unique together: each `.unique` attribute
    /// alone, then each `#Unique` constraint.
    let uniquenessConstraints: [[String]]
    /// The indices of the properties stored in a column of this entity's table, in
    /// column order (after the primary key).
    let columnPropertyIndices: [Int]
    /// The indices of the `let` attributes, whose values an insert copies from the model.
    let constantPropertyIndices: [Int]
    /// The to-many relationships with a `minimumModelCount` or `maximumModelCount`,
    /// which a save checks: by property index, their bounds (nil: none).
    let modelCountLimits: [(index: Int, minimum: Int?, maximum: Int?)]
    /// Whether any property is a to-many relationship (read in batches, see ``FetchBatch``).
    let hasToManyRelationships: Bool
    /// A new model's relationships: empty, and loaded. Shared copy-on-write by every
    /// new model's backing data.
    let newModelRelationships: [RelationshipSlot]
    /// A fetched row's relationships: none read yet (empty when there are none).
    let unloadedRelationships: [RelationshipSlot]
    /// The stored values a new model starts with: each attribute's declared default
    /// (`var pinned = false`), stored, and NULL for the others (see
    /// ``ModelBackingReference``).
    let newModelValues: [StoredValue]
    /// `SELECT` of the primary key and every column, without a `WHERE` clause.
    let selectSQL: String
    /// `SELECT` of one row by primary key.
    let selectByKeySQL: String
    /// `INSERT` of one row, the primary key first.
    let insertSQL: String
    /// The quoted, table-qualified column list of ``selectSQL``.
    let selectColumnsSQL: String
    /// `ORDER BY` term that makes any order total: the primary key.
    let primaryKeyOrderSQL: String
    /// `UPDATE` statements by the set of columns they write, built once each.
    private let updateStatements = Mutex<[[Int]: String]>([:])

    /// Quotes an SQL identifier.
    static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The name of the primary-key column, which backs ``PersistentIdentifier``.
    static let primaryKeyColumn = "_pk"

    var quotedTable: String { Self.quote(name) }

    private init(modelType: any PersistentModel.Type) throws(SwiftDataError) {
        self.modelType = modelType
        self.name = String(describing: modelType)
        self.registryIndex = Self.registryCount.add(1, ordering: .relaxed).oldValue
        var properties: [PropertyDescriptor] = []
        for (index, metadata) in modelType.schemaMetadata.enumerated() {
            properties.append(try PropertyDescriptor(index: index, metadata: metadata, entityName: name))
        }
        self.properties = properties
        self.attributeCodecs = properties.map { $0.attribute?.codec }
        var byKeyPath: [AnyKeyPath: Int] = [:]
        var byName: [String: Int] = [:]
        for property in properties {
            byKeyPath[property.keyPath] = property.index
            byName[property.name] = property.index
        }
        self.propertyIndexByKeyPath = byKeyPath
        self.propertyIndexByName = byName
        self.declaredIndexes = modelType.schemaIndexes
        let uniqueAttributes = properties.filter { $0.attribute?.isUnique == true }.map { [$0.name] }
        self.uniquenessConstraints = uniqueAttributes + modelType.schemaUniquenessConstraints
        self.columnPropertyIndices = properties.filter(\.hasColumn).map(\.index)
        self.constantPropertyIndices = properties.filter(\.isConstant).map(\.index)
        self.modelCountLimits = properties.compactMap { property in
            guard let relationship = property.relationship, relationship.isToMany else { return nil }
            // 0, as nil, is no bound.
            let minimum = relationship.metadata.minimumModelCount.flatMap { $0 > 0 ? $0 : nil }
            let maximum = relationship.metadata.maximumModelCount.flatMap { $0 > 0 ? $0 : nil }
            guard minimum != nil || maximum != nil else { return nil }
            return (property.index, minimum, maximum)
        }
        let hasRelationships = properties.contains { $0.relationship != nil }
        self.hasToManyRelationships = properties.contains { $0.relationship?.isToMany == true }
        self.newModelRelationships =
            hasRelationships
            ? properties.map { property in
                guard let relationship = property.relationship else { return .notLoaded }
                return relationship.isToMany ? .toMany([]) : .toOne(nil)
            } : []
        self.unloadedRelationships = hasRelationships ? Array(repeating: .notLoaded, count: properties.count) : []
        let entityName = name
        self.newModelValues = try properties.map { property throws(SwiftDataError) in
            guard let attribute = property.attribute, let defaultValue = attribute.defaultValue else { return .null }
            do {
                return try attribute.codec.encodeAny(defaultValue)
            } catch {
                throw SwiftDataError.invalidModel(
                    entity: entityName,
                    reason: "the default value of '\(property.name)' cannot be stored: \(error)")
            }
        }
        let table = Self.quote(name)
        let primaryKey = Self.quote(Self.primaryKeyColumn)
        let columnNames = columnPropertyIndices.map { properties[$0].name }
        let qualified = ([Self.primaryKeyColumn] + columnNames).map { "\(table).\(Self.quote($0))" }
        self.selectColumnsSQL = qualified.joined(separator: ", ")
        self.selectSQL = "SELECT \(selectColumnsSQL) FROM \(table)"
        self.selectByKeySQL = "\(selectSQL) WHERE \(table).\(primaryKey) = ?"
        self.primaryKeyOrderSQL = "\(table).\(primaryKey) ASC"
        let insertColumns = ([Self.primaryKeyColumn] + columnNames).map(Self.quote).joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: columnNames.count + 1).joined(separator: ", ")
        self.insertSQL = "INSERT INTO \(table) (\(insertColumns)) VALUES (\(placeholders))"
        for group in declaredIndexes + uniquenessConstraints {
            for propertyName in group {
                guard let index = byName[propertyName], properties[index].hasColumn else {
                    throw SwiftDataError.invalidModel(
                        entity: name,
                        reason:
                            "index or uniqueness constraint names '\(propertyName)', which is not a stored attribute"
                    )
                }
            }
        }
    }

    /// `UPDATE` of the given columns (property indices) of one row, the primary key
    /// bound last.
    func updateSQL(columns: [Int]) -> String {
        if let sql = updateStatements.withLock({ $0[columns] }) { return sql }
        let assignments = columns.map { "\(properties[$0].quotedName) = ?" }.joined(separator: ", ")
        let sql = "UPDATE \(quotedTable) SET \(assignments) WHERE \(Self.quote(Self.primaryKeyColumn)) = ?"
        updateStatements.withLock { $0[columns] = sql }
        return sql
    }

    // MARK: Registry

    private static let registry = Mutex<[ObjectIdentifier: EntityDescriptor]>([:])
    private static let registryCount = Atomic<Int>(0)

    /// The descriptor of a model type, built on first use.
    static func of(_ type: any PersistentModel.Type) throws(SwiftDataError) -> EntityDescriptor {
        let key = ObjectIdentifier(type)
        if let existing = registry.withLock({ $0[key] }) { return existing }
        let built = try EntityDescriptor(modelType: type)
        return registry.withLock { registry in
            if let existing = registry[key] { return existing }
            registry[key] = built
            return built
        }
    }

    /// The descriptor of a model type whose metadata is already known to be valid.
    static func known(_ type: any PersistentModel.Type) -> EntityDescriptor {
        do {
            return try of(type)
        } catch {
            fatalError("\(error)")
        }
    }

    // MARK: Relationships

    private let inverseCache = Mutex<[Int: InverseResolution]>([:])
    private let toManySQLCache = Mutex<[Int: String]>([:])

    /// The `SELECT` that reads a to-many relationship for many owners at once: the
    /// target's columns, then the owner's key; one argument, a JSON array of owner keys;
    /// rows ordered by owner, then in the relationship's order.
    func toManySQL(of propertyIndex: Int) -> String {
        if let sql = toManySQLCache.withLock({ $0[propertyIndex] }) { return sql }
        guard let relationship = properties[propertyIndex].relationship else {
            preconditionFailure("property \(propertyIndex) of \(name) is not a relationship")
        }
        let owners = "IN (SELECT value FROM json_each(?))"
        let sql: String
        switch storage(of: propertyIndex) {
        case .column:
            preconditionFailure("\(name).\(properties[propertyIndex].name) is to-one")
        case .inverseColumn(let target, let inverseIndex):
            let owner = "\(target.quotedTable).\(target.properties[inverseIndex].quotedName)"
            sql =
                "SELECT \(target.selectColumnsSQL), \(owner) FROM \(target.quotedTable) "
                + "WHERE \(owner) \(owners) ORDER BY \(owner), \(target.primaryKeyOrderSQL)"
        case .joinTable(let table, let isOwner):
            let target = EntityDescriptor.known(relationship.target)
            let (own, other) = isOwner ? ("source", "target") : ("target", "source")
            let join = table.quotedName
            let targetKey = "\(target.quotedTable).\(Self.quote(Self.primaryKeyColumn))"
            sql =
                "SELECT \(target.selectColumnsSQL), \(join).\(own) FROM \(target.quotedTable) "
                + "JOIN \(join) ON \(join).\(other) = \(targetKey) "
                + "WHERE \(join).\(own) \(owners) ORDER BY \(join).\(own), \(join).rowid"
        }
        toManySQLCache.withLock { $0[propertyIndex] = sql }
        return sql
    }

    /// The inverse of a relationship: declared on either side with
    /// `@Relationship(inverse:)`, or inferred when the target has exactly one
    /// relationship back to this entity.
    func inverse(of propertyIndex: Int) -> (entity: EntityDescriptor, index: Int)? {
        if let cached = inverseCache.withLock({ $0[propertyIndex] }) {
            return cached.value
        }
        let resolved = resolveInverse(of: propertyIndex)
        inverseCache.withLock { $0[propertyIndex] = InverseResolution(value: resolved) }
        return resolved
    }

    /// An error for the first `@Relationship(inverse:)` that does not name a
    /// relationship of the target pointing back at this entity. Such an inverse would
    /// put models of this entity into a relationship typed for another.
    func declaredInverseError() -> SwiftDataError? {
        for property in properties {
            guard let relationship = property.relationship, let keyPath = relationship.declaredInverse else {
                continue
            }
            let target: EntityDescriptor
            do {
                target = try Self.of(relationship.target)
            } catch {
                return error
            }
            guard let index = target.propertyIndexByKeyPath[keyPath] else {
                return .invalidModel(
                    entity: name,
                    reason:
                        "the inverse of \(name).\(property.name) is not a persisted relationship of \(target.name), the relationship's target"
                )
            }
            let inverse = target.properties[index]
            guard let inverseRelationship = inverse.relationship, inverseRelationship.target == modelType else {
                let pointsAt = inverse.relationship.map { String(describing: $0.target) } ?? "no model"
                return .invalidModel(
                    entity: name,
                    reason:
                        "\(name).\(property.name) declares \(target.name).\(inverse.name) as its inverse, but that relationship refers to \(pointsAt), not \(name)"
                )
            }
        }
        return nil
    }

    private func resolveInverse(of propertyIndex: Int) -> (entity: EntityDescriptor, index: Int)? {
        guard let relationship = properties[propertyIndex].relationship, !relationship.metadata.isOneWay else {
            return nil
        }
        let target = EntityDescriptor.known(relationship.target)
        if let keyPath = relationship.declaredInverse, let index = target.propertyIndexByKeyPath[keyPath] {
            return (target, index)
        }
        // The other side may declare this property as its inverse.
        let ownKeyPath = properties[propertyIndex].keyPath
        for candidate in target.properties {
            if let other = candidate.relationship, other.declaredInverse == ownKeyPath {
                return (target, candidate.index)
            }
        }
        let backReferences = target.properties.filter { candidate in
            guard let other = candidate.relationship, other.target == modelType, !other.metadata.isOneWay else {
                return false
            }
            if target === self && candidate.index == propertyIndex { return false }
            // A property that names a different inverse is not ours.
            if let declared = other.declaredInverse, declared != ownKeyPath { return false }
            return true
        }
        let ownBackReferences = properties.filter { candidate in
            guard let other = candidate.relationship, !other.metadata.isOneWay else { return false }
            return other.target == relationship.target && other.declaredInverse == nil
        }
        if backReferences.count == 1, ownBackReferences.count == 1, let only = backReferences.first {
            return (target, only.index)
        }
        return nil
    }

    /// How a relationship is stored.
    func storage(of propertyIndex: Int) -> RelationshipStorage {
        guard let relationship = properties[propertyIndex].relationship else {
            preconditionFailure("property \(propertyIndex) of \(name) is not a relationship")
        }
        if !relationship.isToMany {
            return .column
        }
        guard let (inverseEntity, inverseIndex) = inverse(of: propertyIndex),
            let inverseRelationship = inverseEntity.properties[inverseIndex].relationship
        else {
            return .joinTable(
                JoinTable(ownerEntity: name, ownerProperty: properties[propertyIndex].name), isOwner: true)
        }
        if !inverseRelationship.isToMany {
            return .inverseColumn(entity: inverseEntity, propertyIndex: inverseIndex)
        }
        let own = (name, properties[propertyIndex].name)
        let other = (inverseEntity.name, inverseEntity.properties[inverseIndex].name)
        if own <= other {
            return .joinTable(JoinTable(ownerEntity: own.0, ownerProperty: own.1), isOwner: true)
        }
        return .joinTable(JoinTable(ownerEntity: other.0, ownerProperty: other.1), isOwner: false)
    }
}

private struct InverseResolution {
    let value: (entity: EntityDescriptor, index: Int)?
}

/// Where the rows of a relationship live.
enum RelationshipStorage {
    /// A to-one relationship: an integer column of the owner's table.
    case column
    /// A to-many relationship whose inverse is to-one: the inverse's column in the
    /// target's table.
    case inverseColumn(entity: EntityDescriptor, propertyIndex: Int)
    /// A to-many relationship without a to-one inverse: a join table. The owner side
    /// is stored in its `source` column.
    case joinTable(JoinTable, isOwner: Bool)
}

/// A join table `<Entity>_<property>(source, target)`; rowid order keeps array order.
struct JoinTable: Hashable {
    let ownerEntity: String
    let ownerProperty: String
    var name: String { "\(ownerEntity)_\(ownerProperty)" }
    var quotedName: String { EntityDescriptor.quote(name) }
}

/// One persisted property of an entity.
// @unchecked Sendable: immutable, with the same reasons as ``EntityDescriptor``.
struct PropertyDescriptor: @unchecked Sendable {
    struct Attribute {
        let codec: AttributeCodec
        let isUnique: Bool
        let originalName: String?
        let defaultValue: Any?
        let metadata: Schema.Attribute
    }

    struct Relationship {
        let target: any PersistentModel.Type
        let isToMany: Bool
        let isOptional: Bool
        let deleteRule: Schema.Relationship.DeleteRule
        let declaredInverse: AnyKeyPath?
        let originalName: String?
        let metadata: Schema.Relationship
    }

    let index: Int
    let name: String
    let keyPath: AnyKeyPath
    /// Tells observers of the property's changes (see ``ModelObservation``).
    let changeAnnouncer: PropertyChangeAnnouncer?
    let attribute: Attribute?
    let relationship: Relationship?
    /// A `let` attribute: stored in the model itself, copied to its backing data when the
    /// model is inserted, set by `init(backingData:)` when it is fetched.
    let isConstant: Bool

    /// Whether the property has a column in its entity's table.
    var hasColumn: Bool { attribute != nil || relationship?.isToMany == false }

    var quotedName: String { EntityDescriptor.quote(name) }

    init(index: Int, metadata: Schema.PropertyMetadata, entityName: String) throws(SwiftDataError) {
        self.index = index
        self.name = metadata.name
        self.keyPath = metadata.keypath
        self.changeAnnouncer = metadata.changeAnnouncer
        self.isConstant = metadata.isConstant
        switch metadata.valueKind {
        case .attribute(let codec):
            if metadata.metadata is Schema.Relationship {
                throw SwiftDataError.invalidModel(
                    entity: entityName,
                    reason:
                        "'\(metadata.name)' is marked @Relationship but its type is not a model or an array of models"
                )
            }
            var description = (metadata.metadata as? Schema.Attribute) ?? Schema.Attribute()
            description.name = metadata.name
            description.isOptional = codec.isOptional
            description.defaultValue = metadata.defaultValue
            self.attribute = Attribute(
                codec: codec,
                isUnique: description.isUnique,
                originalName: description.originalName,
                defaultValue: metadata.defaultValue,
                metadata: description
            )
            self.relationship = nil
        case .toOne(let target, let isOptional), .toMany(let target, let isOptional):
            if metadata.isConstant {
                throw SwiftDataError.invalidModel(
                    entity: entityName,
                    reason: "relationship '\(metadata.name)' is a 'let'; declare it with 'var'")
            }
            var isToMany = false
            if case .toMany = metadata.valueKind { isToMany = true }
            var description = (metadata.metadata as? Schema.Relationship) ?? Schema.Relationship()
            description.name = metadata.name
            description.destination = String(describing: target)
            description.isToOneRelationship = !isToMany
            description.isOptional = isOptional
            self.relationship = Relationship(
                target: target,
                isToMany: isToMany,
                isOptional: isOptional,
                deleteRule: description.deleteRule,
                declaredInverse: description.inverseKeyPath,
                originalName: description.originalName,
                metadata: description
            )
            self.attribute = nil
        case .unsupported(let typeName):
            throw SwiftDataError.invalidModel(
                entity: entityName,
                reason: "'\(metadata.name)' has type \(typeName), which cannot be stored"
            )
        }
    }
}
