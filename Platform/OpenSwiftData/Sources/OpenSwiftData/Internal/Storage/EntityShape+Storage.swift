/// An index the store keeps for an entity, named after what it covers.
struct IndexDefinition: Hashable, Sendable {
    let name: String
    let table: String
    let columns: [String]
    let isUnique: Bool

    var createSQL: String {
        let columnList = columns.map(EntityDescriptor.quote).joined(separator: ", ")
        let kind = isUnique ? "UNIQUE INDEX" : "INDEX"
        return "CREATE \(kind) \(EntityDescriptor.quote(name)) ON \(EntityDescriptor.quote(table)) (\(columnList))"
    }

    var dropSQL: String { "DROP INDEX IF EXISTS \(EntityDescriptor.quote(name))" }
}

/// How a shape is laid out in tables, derived from the shape alone so that the layout
/// of a stored version can be known without its model types.
extension EntityShape {
    /// The columns of the entity's table after the primary key: attributes and to-one
    /// relationships.
    var columnNames: Set<String> {
        Set(attributes.map(\.name) + relationships.filter { !$0.isToMany }.map(\.name))
    }

    /// Unique indexes for uniqueness constraints, plain indexes for `#Index` groups and
    /// for each to-one relationship's column.
    var indexDefinitions: [IndexDefinition] {
        var result: [IndexDefinition] = []
        for group in uniquenessConstraints {
            result.append(
                IndexDefinition(
                    name: "\(name)_\(group.joined(separator: "_"))_unique", table: name, columns: group,
                    isUnique: true))
        }
        for group in indexes {
            result.append(
                IndexDefinition(
                    name: "\(name)_\(group.joined(separator: "_"))_index", table: name, columns: group,
                    isUnique: false))
        }
        for relationship in relationships where !relationship.isToMany {
            result.append(
                IndexDefinition(
                    name: "\(name)_\(relationship.name)_index", table: name, columns: [relationship.name],
                    isUnique: false))
        }
        return result
    }

    /// The join tables of a set of shapes: one for each to-many relationship whose
    /// inverse is not to-one, owned by the alphabetically first side of a pair
    /// (``LinkStorage``).
    static func joinTables(in shapes: [String: EntityShape]) -> [JoinTable] {
        var result = Set<JoinTable>()
        for shape in shapes.values {
            for relationship in shape.relationships where relationship.isToMany {
                if case .joinTable(let table, _) = LinkStorage(of: relationship, in: shape, shapes: shapes) {
                    result.insert(table)
                }
            }
        }
        return result.sorted { $0.name < $1.name }
    }
}
