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
    }

    /// A to-one relationship's column.
    package struct ToOne: Sendable {
        package let name: String
        /// The target's entity name.
        package let target: String
        package let deleteRule: Schema.Relationship.DeleteRule
    }

    /// A to-many relationship.
    package struct ToMany: Sendable {
        package let name: String
        /// The target's entity name.
        package let target: String
        /// The target's to-one relationship that holds the link; nil when a join table
        /// does (the inverse is to-many, or there is none).
        package let inverseToOne: String?
    }

    package let entityName: String
    /// The entity this one's `@Model` class inherits from, if any.
    package let superentityName: String?
    /// The attributes, in column order.
    package let attributes: [Attribute]
    package let toOnes: [ToOne]
    package let toManys: [ToMany]
    /// Groups of property names that must be unique together: each `.unique` attribute
    /// alone, then each `#Unique` constraint.
    package let uniquenessConstraints: [[String]]

    init(_ entity: EntityDescriptor) {
        entityName = entity.name
        superentityName = entity.superentity?.name
        var attributes: [Attribute] = []
        var toOnes: [ToOne] = []
        var toManys: [ToMany] = []
        for property in entity.properties {
            if let attribute = property.attribute {
                attributes.append(
                    Attribute(name: property.name, storage: attribute.codec.storageType, isUnique: attribute.isUnique))
            } else if let relationship = property.relationship {
                let target = String(describing: relationship.target)
                guard relationship.isToMany else {
                    toOnes.append(ToOne(name: property.name, target: target, deleteRule: relationship.deleteRule))
                    continue
                }
                var inverseToOne: String?
                if case .inverseColumn(let inverseEntity, let index) = entity.storage(of: property.index) {
                    inverseToOne = inverseEntity.properties[index].name
                }
                toManys.append(ToMany(name: property.name, target: target, inverseToOne: inverseToOne))
            }
        }
        self.attributes = attributes
        self.toOnes = toOnes
        self.toManys = toManys
        uniquenessConstraints = entity.uniquenessConstraints
    }
}

extension Schema {
    /// The layout of each entity's tables, in the schema's order.
    package var storedEntityLayouts: [StoredEntityLayout] {
        descriptors.map(StoredEntityLayout.init)
    }
}
