import Foundation

/// How an entity's models are kept in tables, for this package's stores on other engines
/// (OpenSwiftDataPostgres): the layout of the SQLite store's tables, as such a store reads
/// it. Each attribute is one column holding the value a ``DefaultSnapshot`` carries for it,
/// each to-one relationship one column holding its target's primary key, and each to-many
/// relationship the to-one column of its inverse, or a join table.
package struct StoredEntityLayout: Sendable {
    /// An attribute's column.
    package struct Attribute: Sendable {
        package let name: String
        /// The kind of value the column holds (``StoredValue``'s cases).
        package let storage: ColumnStorageType
        /// Declared `.unique`.
        package let isUnique: Bool
        /// The name an earlier version of the schema gave the attribute (`originalName`).
        package let originalName: String?
        /// The stored form of the declared default value (`var count = 0`); `.null` for none.
        package let defaultValue: StoredValue
        fileprivate let codec: AttributeCodec

        /// Whether the property's type is optional.
        package var isOptional: Bool { codec.isOptional }

        /// Whether the property is a `String` or a `String?`.
        package var isString: Bool { codec.isString }
        /// Whether the property is a `Bool`.
        package var isBool: Bool { codec.valueType == Bool.self }

        /// Whether `other` is declared with the same type as this one.
        package func hasSameType(as other: Attribute) -> Bool {
            codec.valueType == other.codec.valueType
        }
        /// Whether ordering the column's stored values, as numbers (or as UTF-8 bytes, for
        /// text), gives Swift's order of the values: false for JSON, raw values of other
        /// types, unsigned integers past `Int64.max`.
        package var storedOrderMatchesSwift: Bool { codec.sqlOrderMatchesSwift && !codec.isJSON }

        /// The stored form of a value of the property's type (unwrapped, when the type is
        /// optional) as a predicate compares it with the column; nil for a type whose stored
        /// form is not compared (a transformer's output, data that may be stored externally)
        /// or a value that does not encode.
        package func comparedValue(_ value: Any) -> StoredValue? {
            try? codec.encodeWrapped(value)
        }
    }

    /// A to-one relationship's column.
    package struct ToOne: Sendable {
        package let name: String
        /// The target's entity name.
        package let target: String
        package let deleteRule: Schema.Relationship.DeleteRule
        /// Whether the relationship may hold no model.
        package let isOptional: Bool
        /// The name an earlier version of the schema gave the relationship (`originalName`).
        package let originalName: String?
        /// For a one-to-one relationship, the target's to-one that names this model back
        /// (each side a column of its own table); nil otherwise.
        package let oneToOneInverse: String?
    }

    /// A to-many relationship.
    package struct ToMany: Sendable {
        package let name: String
        /// The target's entity name.
        package let target: String
        /// The target's to-one relationship that holds the link; nil when a join table
        /// does (the inverse is to-many, or there is none).
        package let inverseToOne: String?
        /// The join table that holds the links (`<Entity>_<relationship>`, with the columns
        /// `source` and `target`), when there is no to-one inverse; of the two sides of a
        /// many-to-many relationship, the one whose entity and name sort first owns it.
        package let joinTable: String?
        /// Whether this relationship's models are the join table's `source` column (the
        /// side that owns the table), rather than its `target`.
        package let isJoinSource: Bool
        /// What deleting a model does to the models this relationship holds.
        package let deleteRule: Schema.Relationship.DeleteRule
    }

    package let entityName: String
    /// The entity this one's `@Model` class inherits from, if any.
    package let superentityName: String?
    /// The entity at the top of this one's hierarchy (this one, without a superentity).
    package let rootEntityName: String
    /// The attributes, in column order.
    package let attributes: [Attribute]
    package let toOnes: [ToOne]
    package let toManys: [ToMany]
    /// Groups of property names that must be unique together: each `.unique` attribute
    /// alone, then each `#Unique` constraint.
    package let uniquenessConstraints: [[String]]
    /// Groups of property names declared with `#Index`, each an index of its own.
    package let indexes: [[String]]
    private let entity: EntityDescriptor

    /// The attribute a model's key path names (`\Movie.title`), as predicates and sorts
    /// name it; nil for a relationship, a path through one, or another key path.
    package func attribute(at keyPath: AnyKeyPath) -> Attribute? {
        guard let index = entity.propertyIndexByKeyPath[keyPath] else { return nil }
        let name = entity.properties[index].name
        return attributes.first { $0.name == name }
    }

    /// The to-one relationship a model's key path names (`\Stop.trip`); nil for another key
    /// path.
    package func toOne(at keyPath: AnyKeyPath) -> ToOne? {
        guard let index = entity.propertyIndexByKeyPath[keyPath] else { return nil }
        let name = entity.properties[index].name
        return toOnes.first { $0.name == name }
    }

    /// The to-many relationship a model's key path names (`\Trip.stops`); nil for another
    /// key path.
    package func toMany(at keyPath: AnyKeyPath) -> ToMany? {
        guard let index = entity.propertyIndexByKeyPath[keyPath] else { return nil }
        let name = entity.properties[index].name
        return toManys.first { $0.name == name }
    }

    init(_ entity: EntityDescriptor) {
        self.entity = entity
        entityName = entity.name
        superentityName = entity.superentity?.name
        rootEntityName = entity.rootEntity.name
        var attributes: [Attribute] = []
        var toOnes: [ToOne] = []
        var toManys: [ToMany] = []
        for property in entity.properties {
            if let attribute = property.attribute {
                attributes.append(
                    Attribute(
                        name: property.name, storage: attribute.codec.storageType, isUnique: attribute.isUnique,
                        originalName: attribute.originalName, defaultValue: entity.newModelValues[property.index],
                        codec: attribute.codec))
            } else if let relationship = property.relationship {
                let target = String(describing: relationship.target)
                guard relationship.isToMany else {
                    let inverse = entity.inverse(of: property.index)
                    let oneToOne = inverse.flatMap { inverse in
                        inverse.entity.properties[inverse.index].relationship?.isToMany == false
                            ? inverse.entity.properties[inverse.index].name : nil
                    }
                    toOnes.append(
                        ToOne(
                            name: property.name, target: target, deleteRule: relationship.deleteRule,
                            isOptional: relationship.isOptional, originalName: relationship.originalName,
                            oneToOneInverse: oneToOne))
                    continue
                }
                var inverseToOne: String?
                var joinTable: String?
                var isJoinSource = false
                switch entity.storage(of: property.index) {
                case .inverseColumn(let inverseEntity, let index): inverseToOne = inverseEntity.properties[index].name
                case .joinTable(let table, let isOwner): (joinTable, isJoinSource) = (table.name, isOwner)
                case .column: break
                }
                toManys.append(
                    ToMany(
                        name: property.name, target: target, inverseToOne: inverseToOne, joinTable: joinTable,
                        isJoinSource: isJoinSource, deleteRule: relationship.deleteRule))
            }
        }
        self.attributes = attributes
        self.toOnes = toOnes
        self.toManys = toManys
        uniquenessConstraints = entity.uniquenessConstraints
        indexes = entity.declaredIndexes
    }
}

extension Schema {
    /// The layout of each entity's tables, in the schema's order.
    package var storedEntityLayouts: [StoredEntityLayout] {
        descriptors.map(StoredEntityLayout.init)
    }
}
