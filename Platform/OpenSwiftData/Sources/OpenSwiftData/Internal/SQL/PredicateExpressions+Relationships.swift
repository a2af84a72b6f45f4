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
        case .inverseColumn(_, let propertyIndex):
            link = "\(row.columnSQL(of: propertyIndex)) = \(owner.keySQL)"
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

extension PredicateTranslator {
    /// A test on each model of a to-many relationship (`contains { … }`,
    /// `allSatisfy { … }`), translated with its variable bound to the subquery's row;
    /// nil unless the sequence is a to-many relationship and the test is exact.
    func linkedRowTest(sequence: Any, variable: PredicateExpressions.VariableID, test: Any)
        -> (link: ToManyLink, test: SQLFragment)?
    {
        guard case .toMany(let owner, let index)? = operand(sequence) else { return nil }
        let link = ToManyLink(owner: owner, index: index, depth: subqueryDepth)
        var inner = self
        inner.subqueryDepth += 1
        inner.variables[variable] = .row(link.row)
        guard let condition = inner.condition(test), condition.isExact else { return nil }
        return (link, condition.fragment)
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatableExpression {
    /// `$0.stops.contains { $0.title == x }`: an `EXISTS` over the linked rows.
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard let (link, test) = translator.linkedRowTest(sequence: sequence, variable: variable.key, test: test)
        else { return nil }
        return SQLCondition(
            fragment: SQLFragment("EXISTS (SELECT 1 \(link.fromSQL) AND \(test.sql))", test.arguments), isExact: true)
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatableExpression {
    /// `$0.stops.allSatisfy { … }`: no linked row fails the test.
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard let (link, test) = translator.linkedRowTest(sequence: sequence, variable: variable.key, test: test)
        else { return nil }
        return SQLCondition(
            fragment: SQLFragment("NOT EXISTS (SELECT 1 \(link.fromSQL) AND NOT \(test.sql))", test.arguments),
            isExact: true)
    }
}

extension PredicateExpressions.Filter: SQLTranslatableExpression {
    /// `$0.stops.filter { $0.order > 2 }`, whose `count` and `isEmpty` are SQL.
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        guard let (link, test) = translator.linkedRowTest(sequence: sequence, variable: variable.key, test: filter)
        else { return nil }
        return .filteredToMany(link, test: test)
    }
}

extension PredicateTranslator {
    /// `trip.guide?.trips.contains(trip)`: whether a row of the predicate is one of the
    /// linked rows. (A captured model is no standard predicate expression: `#Predicate`
    /// compares identifiers instead, `$0.tags.contains { $0.persistentModelID == id }`.)
    func linkedRowContains(_ link: ToManyLink, _ element: PredicateOperand) -> SQLCondition? {
        guard case .row(let row) = element else { return nil }
        let key = SQLFragment(row.keySQL)
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        return SQLCondition(
            fragment: SQLFragment(
                "EXISTS (SELECT 1 \(link.fromSQL) AND \(link.alias).\(primaryKey) = \(key.sql))", key.arguments),
            isExact: true)
    }
}
