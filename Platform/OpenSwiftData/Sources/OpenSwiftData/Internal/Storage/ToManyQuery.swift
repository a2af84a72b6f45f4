/// The query that reads a to-many relationship for many owners at once (see
/// ``StoreLayout/toManyQuery(of:at:)``).
struct ToManyQuery: Sendable {
    /// How the targets' rows are read and made models.
    let targets: EntityQuery
    let sql: String
    /// The column that holds a row's owner key.
    var ownerColumn: Int { targets.columnCount }

    /// The query of the to-many relationship at `index` of `entity`, which declares it;
    /// `query` gives the query of the relationship's target.
    init(of entity: EntityDescriptor, at index: Int, query targetQuery: (EntityDescriptor) -> EntityQuery) {
        guard let relationship = entity.properties[index].relationship, relationship.isToMany else {
            preconditionFailure("\(entity.name).\(entity.properties[index].name) is not a to-many relationship")
        }
        let query = targetQuery(EntityDescriptor.known(relationship.target))
        self.targets = query
        let owners = "IN (SELECT value FROM json_each(?))"
        switch entity.storage(of: index) {
        case .column:
            preconditionFailure("\(entity.name).\(entity.properties[index].name) is to-one")
        case .inverseColumn(let inverseEntity, let inverseIndex):
            let owner = inverseEntity.qualifiedColumn(of: inverseIndex)
            sql =
                "SELECT \(query.columnsSQL), \(owner) FROM \(query.fromSQL) "
                + "WHERE \(owner) \(owners) ORDER BY \(owner), \(query.keySQL)"
        case .joinTable(let table, let isOwner):
            let (own, other) = isOwner ? ("source", "target") : ("target", "source")
            let join = table.quotedName
            sql =
                "SELECT \(query.columnsSQL), \(join).\(own) FROM \(query.fromSQL) "
                + "JOIN \(join) ON \(join).\(other) = \(query.keySQL) "
                + "WHERE \(join).\(own) \(owners) ORDER BY \(join).\(own), \(join).rowid"
        }
    }
}
