import Foundation

/// The stored shape of one entity: what its table holds and how it relates to others.
/// A sub-entity's shape (a `@Model` subclass) holds its own properties, stored in its own
/// table, and names its superentity; the inherited ones are in the superentity's shape.
///
/// Two schemas store an entity the same way exactly when their shapes are equal; the
/// shape's ``hash`` is recorded in the store so that opening an unchanged store needs
/// no other introspection.
package struct EntityShape: Codable, Hashable, Sendable {
    package struct Attribute: Codable, Hashable, Sendable {
        package var name: String
        package var type: String
        package var isOptional: Bool
        package var isUnique: Bool
        package var hashModifier: String?
    }

    package struct Relationship: Codable, Hashable, Sendable {
        package var name: String
        package var destination: String
        package var isToMany: Bool
        package var isOptional: Bool
        package var deleteRule: Schema.Relationship.DeleteRule
        package var inverse: String?
        package var hashModifier: String?
    }

    package var name: String
    /// The entity whose properties this one inherits; absent from the stored JSON (and
    /// so from the hash) of an entity without one.
    package var superentity: String?
    package var attributes: [Attribute]
    package var relationships: [Relationship]
    package var indexes: [[String]]
    package var uniquenessConstraints: [[String]]

    init(_ entity: EntityDescriptor) {
        name = entity.name
        superentity = entity.superentity?.name
        let own = entity.properties[entity.inheritedPropertyCount...]
        attributes = own.compactMap { property in
            guard let attribute = property.attribute else { return nil }
            return Attribute(
                name: property.name,
                type: attribute.codec.storedTypeName,
                isOptional: attribute.codec.isOptional,
                isUnique: attribute.isUnique,
                hashModifier: attribute.metadata.hashModifier
            )
        }
        .sorted { $0.name < $1.name }
        relationships = own.compactMap { property in
            guard let relationship = property.relationship else { return nil }
            let inverse = entity.inverse(of: property.index)
            return Relationship(
                name: property.name,
                destination: String(describing: relationship.target),
                isToMany: relationship.isToMany,
                isOptional: relationship.isOptional,
                deleteRule: relationship.deleteRule,
                inverse: inverse.map { $0.entity.properties[$0.index].name },
                hashModifier: relationship.metadata.hashModifier
            )
        }
        .sorted { $0.name < $1.name }
        indexes = entity.declaredIndexes
        let ownNames = Set(own.map(\.name))
        uniquenessConstraints = entity.uniquenessConstraints.filter { $0.allSatisfy(ownNames.contains) }
    }

    /// The canonical JSON form stored in the metadata table.
    var canonicalJSON: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain strings, booleans and arrays cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A stable 64-bit FNV-1a hash of the canonical JSON, as 16 hex digits.
    var hash: String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonicalJSON.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Human-readable differences from another shape of the same entity, each naming the
    /// property and what changed.
    func differences(from stored: EntityShape) -> [String] {
        var result: [String] = []
        if superentity != stored.superentity {
            result.append(
                "\(name) inherits from \(superentity ?? "no entity") instead of \(stored.superentity ?? "no entity")")
        }
        let current = Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let old = Dictionary(stored.attributes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for attribute in attributes where old[attribute.name] == nil {
            result.append("\(name).\(attribute.name) was added")
        }
        for attribute in stored.attributes where current[attribute.name] == nil {
            result.append("\(name).\(attribute.name) was removed")
        }
        for attribute in attributes {
            guard let before = old[attribute.name], before != attribute else { continue }
            if before.type != attribute.type {
                result.append("\(name).\(attribute.name) changed type from \(before.type) to \(attribute.type)")
            }
            if before.isOptional != attribute.isOptional {
                result.append(
                    "\(name).\(attribute.name) became \(attribute.isOptional ? "optional" : "non-optional")"
                )
            }
            if before.isUnique != attribute.isUnique {
                result.append("\(name).\(attribute.name) \(attribute.isUnique ? "became" : "is no longer") unique")
            }
            if before.hashModifier != attribute.hashModifier {
                result.append("\(name).\(attribute.name) changed its hash modifier")
            }
        }
        let currentRelationships = Dictionary(
            relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let oldRelationships = Dictionary(
            stored.relationships.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for relationship in relationships {
            guard let before = oldRelationships[relationship.name] else {
                result.append("\(name).\(relationship.name) was added")
                continue
            }
            if before != relationship {
                result.append("\(name).\(relationship.name) changed (target, cardinality, delete rule or inverse)")
            }
        }
        for relationship in stored.relationships where currentRelationships[relationship.name] == nil {
            result.append("\(name).\(relationship.name) was removed")
        }
        if indexes != stored.indexes {
            result.append("\(name) indexes changed")
        }
        if uniquenessConstraints != stored.uniquenessConstraints {
            result.append("\(name) uniqueness constraints changed")
        }
        return result
    }
}
