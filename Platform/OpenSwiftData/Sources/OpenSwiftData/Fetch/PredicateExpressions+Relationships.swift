import Foundation

/// The models of a to-many relationship of a predicate's row, as SQL: counted, tested for
/// existence, or walked by a subquery whose table is aliased `osd_t<depth>`.
struct ToManyLink {
    let owner: RowReference
    let index: Int
    let depth: Int

    var target: EntityDescriptor {
        guard let relationship = owner.entity.properties[index].relationship else {
            preconditionFailure("\(owner.entity.name).\(owner.entity.properties[index].name) is not a relationship")
        }
        return EntityDescriptor.known(relationship.target)
    }

    /// The alias of the target's table in the subquery.
    var alias: String { "osd_t\(depth)" }

    /// The row of the subquery, whose columns a nested predicate reads.
    var row: RowReference {
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        return RowReference(entity: target, keySQL: "\(alias).\(primaryKey)", isRoot: false, table: alias)
    }

    /// The `FROM … WHERE` of the subquery over the target rows linked to the owner.
    var fromSQL: String {
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        let link: String
        switch owner.entity.storage(of: index) {
        case .column:
            preconditionFailure("a to-many relationship is not stored in a column")
        case .inverseColumn(let entity, let propertyIndex):
            link = "\(alias).\(entity.properties[propertyIndex].quotedName) = \(owner.keySQL)"
        case .joinTable(let table, let isOwner):
            let (own, other) = isOwner ? ("source", "target") : ("target", "source")
            link =
                "\(alias).\(primaryKey) IN (SELECT \(table.quotedName).\(other) FROM \(table.quotedName) "
                + "WHERE \(table.quotedName).\(own) = \(owner.keySQL))"
        }
        return "FROM \(target.quotedTable) AS \(alias) WHERE \(link)"
    }

    var countSQL: String { "(SELECT COUNT(*) \(fromSQL))" }
    var existsSQL: String { "EXISTS (SELECT 1 \(fromSQL))" }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatableExpression {
    /// `$0.stops.contains { $0.title == x }`: an `EXISTS` over the linked rows.
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard case .toMany(let owner, let index)? = translator.operand(sequence) else { return nil }
        let link = ToManyLink(owner: owner, index: index, depth: translator.subqueryDepth)
        var inner = translator
        inner.subqueryDepth += 1
        inner.variables[variable.key] = .row(link.row)
        guard let test = inner.condition(test), test.isExact else { return nil }
        return SQLCondition(
            fragment: SQLFragment(
                "EXISTS (SELECT 1 \(link.fromSQL) AND \(test.fragment.sql))", test.fragment.arguments),
            isExact: true)
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatableExpression {
    /// `$0.stops.allSatisfy { … }`: no linked row fails the test.
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard case .toMany(let owner, let index)? = translator.operand(sequence) else { return nil }
        let link = ToManyLink(owner: owner, index: index, depth: translator.subqueryDepth)
        var inner = translator
        inner.subqueryDepth += 1
        inner.variables[variable.key] = .row(link.row)
        guard let test = inner.condition(test), test.isExact else { return nil }
        return SQLCondition(
            fragment: SQLFragment(
                "NOT EXISTS (SELECT 1 \(link.fromSQL) AND NOT \(test.fragment.sql))", test.fragment.arguments),
            isExact: true)
    }
}
