import Foundation

/// `$0 is BusinessTrip` and `$0 as? BusinessTrip` in SQL: a row is of a sub-entity when
/// the sub-entity's table has a row with its key.
extension PredicateTranslator {
    /// The entity of `type` and the SQL that tells whether `row` is of it, or nil when
    /// `type` is not a model of `row`'s hierarchy.
    func kindTest(of row: RowReference, as type: Any.Type) -> (entity: EntityDescriptor, sql: String)? {
        guard let modelType = type as? any PersistentModel.Type,
            let entity = try? EntityDescriptor.of(modelType)
        else { return nil }
        if row.entity.isKind(of: entity) { return (entity, "1") }
        guard entity.isKind(of: row.entity) else { return (entity, "0") }
        let primaryKey = EntityDescriptor.quote(EntityDescriptor.primaryKeyColumn)
        return (
            entity,
            "EXISTS (SELECT 1 FROM \(entity.quotedTable) WHERE \(entity.quotedTable).\(primaryKey) = \(row.keySQL))"
        )
    }
}

extension PredicateExpressions.TypeCheck: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard case .row(let row)? = translator.operand(input),
            let test = translator.kindTest(of: row, as: Desired.self)
        else { return nil }
        return SQLCondition(fragment: SQLFragment(test.sql), isExact: true)
    }
}

extension PredicateExpressions.ConditionalCast: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        guard case .row(let row)? = translator.operand(input),
            let test = translator.kindTest(of: row, as: Desired.self)
        else { return nil }
        var cast = RowReference(entity: test.entity, keySQL: row.keySQL, isRoot: false)
        cast.existsSQL = test.sql
        return .row(cast)
    }
}
