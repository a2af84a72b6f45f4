import Foundation

// Each supported node of Foundation's predicate tree, translated to SQL.

extension PredicateExpressions.Variable: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.variables[key]
    }
}

extension PredicateExpressions.Value: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        .value(value)
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        .value(Optional<Wrapped>.none as Any)
    }
}

extension PredicateExpressions.KeyPath: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        switch translator.operand(root) {
        case .row(let row)?:
            return Self.member(keyPath, of: row, outputType: Output.self)
        case .toMany(let owner, let index)?:
            // `$0.stops.count` and `$0.stops.isEmpty`.
            guard let arrayType = Root.Output.self as? any _ArrayMarker.Type else { return nil }
            let link = ToManyLink(owner: owner, index: index, depth: translator.subqueryDepth)
            if keyPath == arrayType._countKeyPath, let codec = AttributeCodec.make(for: Int.self) {
                return .column(SQLFragment(link.countSQL), codec, isOptional: false)
            }
            if keyPath == arrayType._isEmptyKeyPath {
                return .boolean(SQLCondition(fragment: SQLFragment("(NOT \(link.existsSQL))"), isExact: true))
            }
            return nil
        case .column(let sql, let stored, let isOptional)?:
            // `$0.kind?.rawValue`: the raw value is what the column stores.
            guard let rawValueCheck = stored.rawValueCheck, let codec = AttributeCodec.make(for: Output.self)
            else { return nil }
            let keyPath = self.keyPath
            return .rawValue(sql, codec, isOptional: isOptional, check: { rawValueCheck(keyPath, $0) })
        default:
            return nil
        }
    }

    private static func member(_ keyPath: AnyKeyPath, of row: RowReference, outputType: Any.Type)
        -> PredicateOperand?
    {
        let entity = row.entity
        guard let index = entity.propertyIndexByKeyPath[keyPath] else {
            // `$0.persistentModelID`, or `$0.id` where `id` is the default identifier.
            if outputType == PersistentIdentifier.self { return .identifier(row) }
            return nil
        }
        let property = entity.properties[index]
        if let attribute = property.attribute {
            return .column(
                SQLFragment(row.columnSQL(of: index)), attribute.codec,
                isOptional: attribute.codec.isOptional || !(row.isRoot || row.table != nil))
        }
        guard let relationship = property.relationship else { return nil }
        if relationship.isToMany { return .toMany(row, index: index) }
        let target = EntityDescriptor.known(relationship.target)
        return .row(RowReference(entity: target, keySQL: row.columnSQL(of: index), isRoot: false))
    }
}

extension PredicateExpressions.OptionalFlatMap: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        guard let input = translator.operand(wrapped) else { return nil }
        var inner = translator
        inner.variables[variable.key] = input
        guard case .row(let row) = input, let exists = row.existsSQL else { return inner.operand(transform) }
        // A cast row: a boolean result is nil when the row is of another kind.
        switch inner.operand(transform) {
        case .boolean(let condition)?:
            return .optionalCondition(exists: exists, condition: condition)
        case .column(let sql, let codec, _)? where codec.storedTypeName == "Bool":
            let condition = SQLCondition(fragment: SQLFragment("(\(sql.sql) = 1)", sql.arguments), isExact: true)
            return .optionalCondition(exists: exists, condition: condition)
        case let other?:
            // Columns read through the entity's tables are NULL for another kind.
            return other
        case nil:
            return nil
        }
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.operand(inner)
    }
}

extension PredicateExpressions.NilCoalesce: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        if case .optionalCondition(let exists, let condition)? = translator.operand(lhs),
            case .boolean(let fallback)? = translator.operand(rhs)
        {
            // `if let sub = $0 as? Sub { condition } else { fallback }`, the fallback a
            // condition of its own.
            let sql = "((\(exists) AND \(condition.fragment.sql)) OR (NOT \(exists) AND \(fallback.fragment.sql)))"
            return .boolean(
                SQLCondition(
                    fragment: SQLFragment(sql, condition.fragment.arguments + fallback.fragment.arguments),
                    isExact: condition.isExact && fallback.isExact))
        }
        if case .optionalCondition(let exists, let condition)? = translator.operand(lhs),
            case .value(let value)? = translator.operand(rhs), let fallback = value as? Bool
        {
            let sql =
                fallback
                ? "(NOT \(exists) OR \(condition.fragment.sql))" : "(\(exists) AND \(condition.fragment.sql))"
            return .boolean(
                SQLCondition(fragment: SQLFragment(sql, condition.fragment.arguments), isExact: condition.isExact))
        }
        guard case .column(let sql, let codec, _)? = translator.operand(lhs),
            case .value(let value)? = translator.operand(rhs),
            let fallback = PredicateTranslator.unwrap(value),
            let encoded = try? codec.encodeWrapped(fallback)
        else { return nil }
        return .column(
            SQLFragment("COALESCE(\(sql.sql), ?)", sql.arguments + [encoded.databaseValue]), codec, isOptional: false)
    }
}

extension PredicateExpressions.Equal: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        translator.equality(lhs, rhs, negated: false)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        translator.equality(lhs, rhs, negated: true)
    }
}

extension PredicateExpressions.Comparison: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        let sqlOperator =
            switch op {
            case .lessThan: "<"
            case .lessThanOrEqual: "<="
            case .greaterThan: ">"
            case .greaterThanOrEqual: ">="
            }
        return translator.comparison(lhs, rhs, operator: sqlOperator)
    }
}

extension PredicateExpressions.Conjunction: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        let left = translator.condition(lhs)
        let right = translator.condition(rhs)
        switch (left, right) {
        case (let left?, let right?):
            return SQLCondition(
                fragment: SQLFragment(
                    "(\(left.fragment.sql) AND \(right.fragment.sql))",
                    left.fragment.arguments + right.fragment.arguments),
                isExact: left.isExact && right.isExact
            )
        case (let only?, nil), (nil, let only?):
            // The other term is checked in memory on the rows this one selects.
            return SQLCondition(fragment: only.fragment, isExact: false)
        case (nil, nil):
            return nil
        }
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard let left = translator.condition(lhs), let right = translator.condition(rhs) else { return nil }
        return SQLCondition(
            fragment: SQLFragment(
                "(\(left.fragment.sql) OR \(right.fragment.sql))",
                left.fragment.arguments + right.fragment.arguments),
            isExact: left.isExact && right.isExact
        )
    }
}

extension PredicateExpressions.Negation: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard let inner = translator.condition(wrapped), inner.isExact else { return nil }
        return SQLCondition(
            fragment: SQLFragment("(NOT \(inner.fragment.sql))", inner.fragment.arguments), isExact: true)
    }
}

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        // `title.contains("x")`: case-sensitive, as Swift's.
        guard let (base, needle) = translator.stringOperands(base, other) else { return nil }
        return SQLCondition(
            fragment: SQLFragment(
                "(instr(\(base.sql), \(needle.sql)) > 0)", base.arguments + needle.arguments),
            isExact: true
        )
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard let (base, prefix) = translator.stringOperands(base, prefix) else { return nil }
        return SQLCondition(
            fragment: SQLFragment("(instr(\(base.sql), \(prefix.sql)) = 1)", base.arguments + prefix.arguments),
            isExact: true
        )
    }
}

extension PredicateExpressions.SequenceContains: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        let sequenceOperand = translator.operand(sequence)
        let elementOperand = translator.operand(element)
        // `ids.contains($0.id)`: a constant collection and a column.
        if case .value(let collection)? = sequenceOperand,
            case .column(let sql, let codec, _)? = elementOperand,
            let sequence = collection as? any Sequence
        {
            let elements = anyElements(sequence)
            var encoded: [DatabaseValueBox] = []
            for element in elements {
                guard let unwrapped = PredicateTranslator.unwrap(element) else { continue }
                guard let value = try? codec.encodeWrapped(unwrapped) else { return nil }
                encoded.append(DatabaseValueBox(value: value.databaseValue))
            }
            guard !encoded.isEmpty else {
                return SQLCondition(fragment: SQLFragment("0"), isExact: true)
            }
            let placeholders = Array(repeating: "?", count: encoded.count).joined(separator: ", ")
            return SQLCondition(
                fragment: SQLFragment("(\(sql.sql) IN (\(placeholders)))", sql.arguments + encoded.map(\.value)),
                isExact: true
            )
        }
        // `ids.contains($0.persistentModelID)`: the keys of this entity's identifiers.
        if case .value(let collection)? = sequenceOperand, case .identifier(let row)? = elementOperand,
            let sequence = collection as? any Sequence
        {
            let keys = anyElements(sequence).compactMap { element -> Int64? in
                guard let identifier = PredicateTranslator.unwrap(element) as? PersistentIdentifier,
                    identifier.entityName == row.entity.name
                else { return nil }
                return identifier.primaryKey
            }
            guard !keys.isEmpty else { return SQLCondition(fragment: SQLFragment("0"), isExact: true) }
            let list = "[" + keys.map(String.init).joined(separator: ",") + "]"
            return SQLCondition(
                fragment: SQLFragment("(\(row.keySQL) IN (SELECT value FROM json_each(?)))", [list.databaseValue]),
                isExact: true)
        }
        // `$0.tags.contains("x")` on an array stored as JSON.
        if case .column(let sql, let codec, _)? = sequenceOperand, codec.isJSON,
            case .value(let value)? = elementOperand,
            let scalar = PredicateTranslator.unwrap(value).flatMap(JSONScalar.init)
        {
            return SQLCondition(
                fragment: SQLFragment(
                    "EXISTS (SELECT 1 FROM json_each(\(sql.sql)) WHERE json_each.value = ?)",
                    sql.arguments + [scalar.databaseValue]),
                isExact: true
            )
        }
        return nil
    }
}

private func anyElements<S: Sequence>(_ sequence: S) -> [Any] {
    sequence.map { $0 as Any }
}
