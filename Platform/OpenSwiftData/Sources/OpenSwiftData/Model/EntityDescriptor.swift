import Foundation
internal import GRDB
import Synchronization

/// Everything the runtime knows about one model type, built once from its
/// `schemaMetadata` and shared by every container and context.
// @unchecked Sendable: every field is a `let` set by the initializer, or a cache behind a
// `Locked` (a `Mutex`); the key paths are immutable objects, and the relationship-slot templates hold
// no model (only `.notLoaded` and empty slots); checked by `ConcurrentSchemaUseTests` under the thread sanitizer.
final class EntityDescriptor: @unchecked Sendable {
    /// The entity name: the class's own name, also the table name.
    let name: String
    /// The name quoted as an SQL identifier.
    let quotedName: String
    /// A small number unique to this descriptor in the process, by which contexts keep
    /// their models of the entity (``IdentityMap``).
    let registryIndex: Int
    let modelType: any PersistentModel.Type
    /// Whether the model class is isolated to the main actor in so many words
    /// (`@MainActor @Model`): its models are then used by contexts on the main actor only
    /// (``ModelContextCore/checkMainActor(for:)``).
    let isIsolatedToMainActor: Bool
    /// The entity whose model class this one's inherits from (a `@Model` subclass), if any.
    let superentity: EntityDescriptor?
    /// How many of ``properties`` the entity inherits from its superentity: they come
    /// first, at the indices they have there, and are stored in the superentities'
    /// tables. Each entity's table holds its own properties, keyed by the primary key
    /// its hierarchy shares (see ``fromSQL``).
    let inheritedPropertyCount: Int
    /// The registry index of the hierarchy's root entity: the models of one hierarchy
    /// share one key space, so a context keeps them in one identity-map table.
    let identityIndex: Int
    /// The persisted properties, indexed as `@Model` numbered them.
    let properties: [PropertyDescriptor]
    /// The codec of each attribute, by property index (nil for relationships): what
    /// property accessors use, without copying a ``PropertyDescriptor``.
    let attributeCodecs: [AttributeCodec?]
    /// The declared array type of each to-many relationship, by property index (nil for
    /// the other properties): what a to-many read needs, without copying a
    /// ``PropertyDescriptor``.
    let toManyArrayTypes: [(any _ArrayMarker.Type)?]
    let propertyIndexByKeyPath: [AnyKeyPath: Int]
    let propertyIndexByName: [String: Int]
    /// Groups of property names declared with `#Index`.
    let declaredIndexes: [[String]]
    /// Groups of property names that must be unique together: each `.unique` attribute
    /// alone, then each `#Unique` constraint.
    let uniquenessConstraints: [[String]]
    /// The indices of the properties stored in a column, inherited ones included, in the
    /// order ``selectSQL`` reads them (after the primary key).
    let columnPropertyIndices: [Int]
    /// The indices of the properties stored in a column of this entity's own table, in
    /// column order (after the primary key).
    let ownColumnPropertyIndices: [Int]
    /// The indices of the to-one relationships, whose columns hold their target's key.
    let toOnePropertyIndices: [Int]
    /// The indices of the to-one relationships that are not optional, which a save checks
    /// refer to a model.
    let requiredToOnePropertyIndices: [Int]
    /// The indices of the attributes stored as BLOBs (whose values may be kept in files
    /// beside the store, see ``ExternalDataChanges``), in column order.
    let blobColumnPropertyIndices: [Int]
    /// The indices of the `let` attributes, whose values an insert copies from the model.
    let constantPropertyIndices: [Int]
    /// The to-many relationships with a `minimumModelCount` or `maximumModelCount`,
    /// which a save checks: by property index, their bounds (nil: none).
    let modelCountLimits: [(index: Int, minimum: Int?, maximum: Int?)]
    /// Whether any property is a to-many relationship (read in batches, see ``FetchBatch``).
    let hasToManyRelationships: Bool
    /// Whether any property is a relationship, to-one or to-many.
    var hasRelationships: Bool { hasToManyRelationships || !toOnePropertyIndices.isEmpty }

    /// Whether a save may write join-table rows for this entity: whether any to-many
    /// relationship, its own or inherited, is stored in a join table. Found on first use
    /// (inverses are resolved lazily), then kept. A save asks once per model: the answer
    /// is an atomic load, not a lock.
    var hasJoinTableRelationships: Bool {
        switch joinTableRelationships.load(ordering: .acquiring) {
        case JoinTables.none: return false
        case JoinTables.some: return true
        default: break
        }
        let found = properties.contains { property in
            guard property.relationship?.isToMany == true else { return false }
            if case .joinTable = storage(of: property.index) { return true }
            return false
        }
        // Two threads that find it at once find the same answer.
        joinTableRelationships.store(found ? JoinTables.some : JoinTables.none, ordering: .releasing)
        return found
    }

    /// ``hasJoinTableRelationships`` once found: `JoinTables.unknown` until then.
    private let joinTableRelationships = Atomic<UInt8>(JoinTables.unknown)

    /// The to-one relationships whose inverse is to-one too (one-to-one: each side is a
    /// column of its own table). Most entities have none, which is found on first use and
    /// kept, as ``hasJoinTableRelationships`` is: a save asks once per model.
    var oneToOneIndices: [Int] {
        if oneToOneRelationships.load(ordering: .acquiring) == JoinTables.none { return [] }
        let found = toOnePropertyIndices.filter { index in
            guard let inverse = inverse(of: index) else { return false }
            return inverse.entity.properties[inverse.index].relationship?.isToMany == false
        }
        if found.isEmpty { oneToOneRelationships.store(JoinTables.none, ordering: .releasing) }
        return found
    }

    /// `JoinTables.none` once ``oneToOneIndices`` found none.
    private let oneToOneRelationships = Atomic<UInt8>(JoinTables.unknown)
    private enum JoinTables {
        static let unknown: UInt8 = 0
        static let none: UInt8 = 1
        static let some: UInt8 = 2
    }
    /// A new model's relationships: empty, and loaded. Shared copy-on-write by every
    /// new model's backing data.
    let newModelRelationships: [RelationshipSlot]
    /// A fetched row's relationships: none read yet (empty when there are none).
    let unloadedRelationships: [RelationshipSlot]
    /// The stored values a new model starts with: each attribute's declared default
    /// (`var pinned = false`), stored, and NULL for the others (see
    /// ``ModelBackingReference``).
    let newModelValues: [StoredValue]
    /// The SQL of the entity's rows: tables, key, columns and statements.
    let sql: EntitySQL
    /// The tables of ``tableChain`` joined on the primary key (``EntitySQL/fromSQL``).
    var fromSQL: String { sql.fromSQL }
    /// The primary key of a row of ``fromSQL`` (``EntitySQL/keySQL``).
    var keySQL: String { sql.keySQL }
    /// `SELECT` of the primary key and every column, without a `WHERE` clause.
    var selectSQL: String { sql.selectSQL }
    /// `SELECT` of one row by primary key.
    var selectByKeySQL: String { sql.selectByKeySQL }
    /// `INSERT` of one row into the entity's own table, the primary key first, then the
    /// columns of ``ownColumnPropertyIndices``.
    var ownInsertSQL: String { sql.ownInsertSQL }
    /// The quoted, table-qualified column list of ``selectSQL``.
    var selectColumnsSQL: String { sql.selectColumnsSQL }
    /// `ORDER BY` term that makes any order total: the primary key.
    var primaryKeyOrderSQL: String { sql.primaryKeyOrderSQL }
    /// The SQL of the predicate shapes fetched so far (see ``PredicateTemplates``).
    let predicateTemplates = PredicateTemplateCache()

    /// Quotes an SQL identifier.
    static func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The name of the primary-key column, which backs ``PersistentIdentifier``.
    static let primaryKeyColumn = "_pk"

    /// The entity's own table, quoted.
    var quotedTable: String { quotedName }

    /// The entity at the top of this one's hierarchy (itself, without superentity).
    var rootEntity: EntityDescriptor { superentity?.rootEntity ?? self }

    /// The entities whose tables store a row of this entity: the root's first, this
    /// entity's last.
    var tableChain: [EntityDescriptor] { (superentity?.tableChain ?? []) + [self] }

    /// The entity of the hierarchy whose table stores the property at `index`: the one
    /// that declares it.
    func declaringEntity(of index: Int) -> EntityDescriptor {
        guard index < inheritedPropertyCount, let superentity else { return self }
        return superentity.declaringEntity(of: index)
    }

    /// The quoted table of the property at `index` (see ``declaringEntity(of:)``).
    func declaringTable(of index: Int) -> String {
        declaringEntity(of: index).quotedTable
    }

    /// The property at `index` as a column of ``fromSQL``: its table and name, quoted.
    func qualifiedColumn(of index: Int) -> String {
        sql.qualifiedColumns[index]
    }

    /// ``fromSQL`` with each table given an alias that starts with `prefix`, with the
    /// primary key and the column of each property under those aliases.
    func aliasedTables(prefix: String) -> (from: String, key: String, column: (Int) -> String) {
        let chain = tableChain
        let primaryKey = Self.quote(Self.primaryKeyColumn)
        let aliases = chain.indices.map { "\(prefix)\($0)" }
        let key = "\(aliases[0]).\(primaryKey)"
        var from = "\(chain[0].quotedTable) AS \(aliases[0])"
        for position in chain.indices.dropFirst() {
            from +=
                " JOIN \(chain[position].quotedTable) AS \(aliases[position]) ON \(aliases[position]).\(primaryKey) = \(key)"
        }
        let column = { (index: Int) -> String in
            let declaring = self.declaringEntity(of: index)
            let position = chain.firstIndex { $0 === declaring } ?? chain.count - 1
            return "\(aliases[position]).\(self.properties[index].quotedName)"
        }
        return (from, key, column)
    }

    /// Whether this entity is `ancestor` or inherits from it.
    func isKind(of ancestor: EntityDescriptor) -> Bool {
        self === ancestor || superentity?.isKind(of: ancestor) == true
    }

    private init(modelType: any PersistentModel.Type) throws(SwiftDataError) {
        self.modelType = modelType
        self.name = String(describing: modelType)
        self.quotedName = Self.quote(name)
        let registryIndex = Self.registryCount.add(1, ordering: .relaxed).oldValue
        self.registryIndex = registryIndex
        let superentity = try modelType._$superentity.map { supertype throws(SwiftDataError) in
            try EntityDescriptor.of(supertype)
        }
        self.superentity = superentity
        self.inheritedPropertyCount = superentity?.properties.count ?? 0
        self.identityIndex = superentity?.identityIndex ?? registryIndex
        var properties: [PropertyDescriptor] = []
        for (index, metadata) in modelType.schemaMetadata.enumerated() {
            properties.append(try PropertyDescriptor(index: index, metadata: metadata, entityName: name))
        }
        self.properties = properties
        self.attributeCodecs = properties.map { $0.attribute?.codec }
        self.toManyArrayTypes = properties.map { $0.relationship?.arrayType }
        var byKeyPath: [AnyKeyPath: Int] = [:]
        var byName: [String: Int] = [:]
        for property in properties {
            byKeyPath[property.keyPath] = property.index
            // An inherited property is also known by its superclass's key path.
            byKeyPath[property.declaringKeyPath] = property.index
            byName[property.name] = property.index
        }
        self.propertyIndexByKeyPath = byKeyPath
        self.propertyIndexByName = byName
        self.declaredIndexes = modelType.schemaIndexes
        // Known once `schemaMetadata` has been read, above.
        self.isIsolatedToMainActor = MainActorModels.contains(modelType)
        let uniqueAttributes = properties.filter { $0.attribute?.isUnique == true }.map { [$0.name] }
        self.uniquenessConstraints = uniqueAttributes + modelType.schemaUniquenessConstraints
        self.columnPropertyIndices = properties.filter(\.hasColumn).map(\.index)
        let inheritedPropertyCount = self.inheritedPropertyCount
        self.ownColumnPropertyIndices = columnPropertyIndices.filter { $0 >= inheritedPropertyCount }
        self.constantPropertyIndices = properties.filter(\.isConstant).map(\.index)
        self.toOnePropertyIndices = properties.filter { $0.relationship?.isToMany == false }.map(\.index)
        self.requiredToOnePropertyIndices = properties.filter {
            $0.relationship?.isToMany == false && $0.relationship?.isOptional == false
        }.map(\.index)
        self.blobColumnPropertyIndices = columnPropertyIndices.filter {
            properties[$0].attribute?.codec.storageType == .blob
        }
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
            if let relationship = property.relationship, relationship.isToMany {
                return ModelBackingData.newToManyValue(readsNil: relationship.startsNil)
            }
            guard let attribute = property.attribute, let defaultValue = attribute.defaultValue else { return .null }
            do {
                return try attribute.codec.encodeAny(defaultValue)
            } catch {
                throw SwiftDataError.invalidModel(
                    entity: entityName,
                    reason: "the default value of '\(property.name)' cannot be stored: \(error)")
            }
        }
        self.sql = EntitySQL(
            table: name, superentity: superentity, properties: properties,
            inheritedPropertyCount: inheritedPropertyCount, columns: columnPropertyIndices,
            ownColumns: ownColumnPropertyIndices)
        for group in declaredIndexes + modelType.schemaUniquenessConstraints {
            for propertyName in group {
                // A sub-entity's table holds its own properties only.
                guard let index = byName[propertyName], properties[index].hasColumn, index >= inheritedPropertyCount
                else {
                    throw SwiftDataError.invalidModel(
                        entity: name,
                        reason:
                            "index or uniqueness constraint names '\(propertyName)', which is not a stored attribute of \(name)'s own (declare an index on an inherited property in the class that declares it)"
                    )
                }
            }
        }
    }

    /// `UPDATE` of the given columns (property indices) of one row, the primary key
    /// bound last (``EntitySQL/updateSQL(columns:)``).
    func updateSQL(columns: [Int]) -> String {
        sql.updateSQL(columns: columns)
    }

    // MARK: Registry

    /// Every descriptor built in this process, by model type, and the last one looked up:
    /// new models are made in runs of one type, each of which asks for its descriptor,
    /// and comparing one key costs less than hashing it.
    private struct Registry {
        var byType: [ObjectIdentifier: EntityDescriptor] = [:]
        var last: (type: ObjectIdentifier, descriptor: EntityDescriptor)?

        mutating func find(_ type: ObjectIdentifier) -> EntityDescriptor? {
            if let last, last.type == type { return last.descriptor }
            guard let found = byType[type] else { return nil }
            last = (type, found)
            return found
        }
    }

    private static let registry = Locked(Registry())
    private static let registryCount = Atomic<Int>(0)

    /// The descriptor of a model type, built on first use.
    static func of(_ type: any PersistentModel.Type) throws(SwiftDataError) -> EntityDescriptor {
        let key = ObjectIdentifier(type)
        if let existing = registry.withLock({ $0.find(key) }) { return existing }
        let built = try EntityDescriptor(modelType: type)
        return registry.withLock { registry in
            if let existing = registry.find(key) { return existing }
            registry.byType[key] = built
            return built
        }
    }

    /// Whether the entity named `name` is this one or one of its sub-entities (among the
    /// entities described in this process).
    func includesEntity(named name: String) -> Bool {
        if name == self.name { return true }
        let named = Self.registry.withLock { $0.byType.values.filter { $0.name == name } }
        return named.contains { $0.isKind(of: self) }
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

    private let inverseCache = Locked<[Int: InverseResolution]>([:])
    /// The inverse of a relationship: declared on either side with
    /// `@Relationship(inverse:)`, or inferred when the target has exactly one
    /// relationship back to this entity.
    func inverse(of propertyIndex: Int) -> (entity: EntityDescriptor, index: Int)? {
        // An inherited relationship is the declaring entity's, inverse included.
        if propertyIndex < inheritedPropertyCount, let superentity {
            return superentity.inverse(of: propertyIndex)
        }
        if let cached = inverseCache.withLock({ $0[propertyIndex] }) {
            return cached.value
        }
        let resolved = resolveInverse(of: propertyIndex)
        inverseCache.withLock { $0[propertyIndex] = InverseResolution(value: resolved) }
        return resolved
    }

    /// An error for the first inverse pair of this entity's own relationships that is not
    /// sound: an `@Relationship(inverse:)` that does not name a relationship of the target
    /// pointing back at this entity (see ``declaredInverseError()``), an inverse declared
    /// by a superclass of the relationship's target (a model of that superclass would be
    /// put in a relationship typed for the subclass), two relationships claiming the same
    /// inverse, or a pair whose other side does not have this relationship as its inverse
    /// (one-way, or paired with another). Each would put models of the wrong class in a
    /// relationship, or keep the two sides out of step.
    func inverseError() -> SwiftDataError? {
        if let error = declaredInverseError() { return error }
        for property in properties[inheritedPropertyCount...] {
            guard let relationship = property.relationship, let (target, index) = inverse(of: property.index)
            else { continue }
            let inverse = target.properties[index]
            let own = "\(name).\(property.name)"
            let other = "\(target.name).\(inverse.name)"
            let declaring = target.declaringEntity(of: index)
            guard declaring === target else {
                let holds = relationship.isToMany ? "[\(target.name)]" : "\(target.name)?"
                return .invalidModel(
                    entity: name,
                    reason:
                        "\(own) holds \(target.name) models, but its inverse \(other) is declared by \(declaring.name), so setting it on a \(declaring.name) that is not a \(target.name) would put that model in \(own); declare \(own) with \(declaring.name) (not \(holds)) or give \(target.name) a relationship of its own as the inverse"
                )
            }
            guard let back = target.inverse(of: index), back.entity === self, back.index == property.index else {
                let pairedWith = target.inverse(of: index)
                let reason: String
                if let pairedWith, pairedWith.entity === self,
                    properties[pairedWith.index].relationship?.declaredInverse != nil,
                    relationship.declaredInverse != nil
                {
                    let rival = "\(name).\(properties[pairedWith.index].name)"
                    reason =
                        "\(own) and \(rival) both declare \(other) as their inverse; a relationship has one inverse: pair \(own) with another relationship of \(target.name), or make it one-way with inverse: nil"
                } else if let pairedWith {
                    let paired = "\(pairedWith.entity.name).\(pairedWith.entity.properties[pairedWith.index].name)"
                    reason =
                        "\(own) has \(other) as its inverse, but the inverse of \(other) is \(paired); declare the pair the same way on both sides"
                } else {
                    let isOneWay = inverse.relationship?.metadata.isOneWay == true
                    let why = isOneWay ? "is one-way (inverse: nil)" : "has no inverse"
                    reason =
                        "\(own) has \(other) as its inverse, but \(other) \(why); declare the pair the same way on both sides"
                }
                return .invalidModel(entity: name, reason: reason)
            }
        }
        return nil
    }

    /// An error for the first `@Relationship(inverse:)` that does not name a
    /// relationship of the target pointing back at this entity. Such an inverse would
    /// put models of this entity into a relationship typed for another.
    private func declaredInverseError() -> SwiftDataError? {
        // Inherited relationships are checked with the entity that declares them.
        for property in properties[inheritedPropertyCount...] {
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
        // A target that cannot be stored has no inverse: the schema reports its error
        // when a container is created (`InvalidModelTests`).
        guard let target = try? EntityDescriptor.of(relationship.target) else { return nil }
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
        // The target's properties that another relationship of this entity declares as
        // its inverse: each is that relationship's, not one to infer for this one.
        let claimed = Set(
            properties.compactMap { property -> Int? in
                guard property.index != propertyIndex, let declared = property.relationship?.declaredInverse,
                    property.relationship?.target == relationship.target
                else { return nil }
                return target.propertyIndexByKeyPath[declared]
            })
        let backReferences = target.properties.filter { candidate in
            guard let other = candidate.relationship, other.target == modelType, !other.metadata.isOneWay else {
                return false
            }
            if target === self && candidate.index == propertyIndex { return false }
            if claimed.contains(candidate.index) { return false }
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
        if propertyIndex < inheritedPropertyCount, let superentity {
            return superentity.storage(of: propertyIndex)
        }
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
        /// A to-many relationship's array type as declared (`[Target]`, also for
        /// `[Target]?`; see ``PropertyValueKind/toMany(target:isOptional:arrayType:)``),
        /// found once when the schema is built rather than by a dynamic cast at every read.
        let arrayType: (any _ArrayMarker.Type)?
        /// An optional to-many relationship declared without an initial array (`var
        /// genres: [Genre]?`): a new model reads `nil` in it until it is inserted.
        let startsNil: Bool

        /// Whether deleting the model leaves the related models pointing at it until the
        /// save (`.deny`, which the save judges, and `.noAction`).
        var leavesRelatedModelsAtDelete: Bool { deleteRule == .deny || deleteRule == .noAction }
    }

    let index: Int
    let name: String
    /// The key path rooted at the entity's model type.
    let keyPath: AnyKeyPath
    /// The key path as the declaring class wrote it (differs for an inherited property).
    let declaringKeyPath: AnyKeyPath
    /// Tells observers of the property's changes (see ``ModelObservation``).
    let changeAnnouncer: PropertyChangeAnnouncer?
    let attribute: Attribute?
    let relationship: Relationship?
    /// A `let` attribute: stored in the model itself, copied to its backing data when the
    /// model is inserted, set by `init(backingData:)` when it is fetched.
    let isConstant: Bool

    /// Whether the property has a column in its entity's table.
    var hasColumn: Bool { attribute != nil || relationship?.isToMany == false }

    /// The name quoted as an SQL identifier.
    let quotedName: String

    init(index: Int, metadata: Schema.PropertyMetadata, entityName: String) throws(SwiftDataError) {
        self.index = index
        self.name = metadata.name
        self.quotedName = EntityDescriptor.quote(metadata.name)
        self.keyPath = metadata.keypath
        self.declaringKeyPath = metadata.declaringKeyPath
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
            if let problem = description.transformer?.schemaProblem {
                throw SwiftDataError.invalidModel(entity: entityName, reason: "'\(metadata.name)' \(problem)")
            }
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
        case .toOne(let target, let isOptional), .toMany(let target, let isOptional, _):
            if metadata.isConstant {
                throw SwiftDataError.invalidModel(
                    entity: entityName,
                    reason: "relationship '\(metadata.name)' is a 'let'; declare it with 'var'")
            }
            var arrayType: (any _ArrayMarker.Type)?
            if case .toMany(_, _, let declared) = metadata.valueKind { arrayType = declared }
            let isToMany = arrayType != nil
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
                metadata: description,
                arrayType: arrayType,
                startsNil: isToMany && isOptional && metadata.defaultValue == nil
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
