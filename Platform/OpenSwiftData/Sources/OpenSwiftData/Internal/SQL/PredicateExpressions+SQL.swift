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
        case .value(let value)?:
            // A constant's member (`query.isEmpty`, or a `flatMap`'s unwrapped constant).
            guard let root = value as? Root.Output else { return nil }
            return .value(root[keyPath: keyPath])
        case .toMany(let owner, let index)?:
            // `$0.stops.count` and `$0.stops.isEmpty`.
            let link = ToManyLink(owner: owner, index: index, depth: translator.subqueryDepth)
            return Self.countOrEmptiness(keyPath, of: link, test: nil, rootType: Root.Output.self)
        case .filteredToMany(let link, let test)?:
            // `$0.stops.filter { … }.count`.
            return Self.countOrEmptiness(keyPath, of: link, test: test, rootType: Root.Output.self)
        case .column(let sql, let stored, let isOptional)?:
            if let member = translator.stringMember(keyPath, of: sql, codec: stored) { return member }
            if stored.isJSON {
                return translator.jsonArrayMember(keyPath, of: sql, rootType: Root.Output.self)
                    ?? translator.jsonField(keyPath, of: sql, rootType: Root.Output.self, as: Output.self)
            }
            // `$0.kind?.rawValue`: the raw value is what the column stores.
            guard let rawValueCheck = stored.rawValueCheck, let codec = AttributeCodec.make(for: Output.self)
            else { return nil }
            let keyPath = self.keyPath
            return .rawValue(sql, codec, isOptional: isOptional, check: { rawValueCheck(keyPath, $0) })
        default:
            return nil
        }
    }

    private static func countOrEmptiness(
        _ keyPath: AnyKeyPath, of link: ToManyLink, test: SQLFragment?, rootType: Any.Type
    ) -> PredicateOperand? {
        guard let arrayType = rootType as? any _ArrayMarker.Type else { return nil }
        let from = SQLFragment(
            test.map { "\(link.fromSQL) AND \($0.sql)" } ?? link.fromSQL, test?.arguments ?? [])
        if keyPath == arrayType._countKeyPath, let codec = AttributeCodec.make(for: Int.self) {
            return .column(SQLFragment("(SELECT COUNT(*) \(from.sql))", from.arguments), codec, isOptional: false)
        }
        if keyPath == arrayType._isEmptyKeyPath {
            return .boolean(
                SQLCondition(
                    fragment: SQLFragment("(NOT EXISTS (SELECT 1 \(from.sql)))", from.arguments), isExact: true))
        }
        return nil
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
    /// `$0.guide?.name`, `$0.note.flatMap { … }` and `if let`: the transform translated
    /// with its variable bound to the unwrapped value. A boolean result is nil when the
    /// value is (``PredicateOperand/optionalCondition(exists:condition:)``); a column
    /// result is NULL then already.
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        guard let input = translator.operand(wrapped) else { return nil }
        var inner = translator
        let exists: SQLFragment?
        switch input {
        case .value(let value):
            guard let unwrapped = PredicateTranslator.unwrap(value) else { return .value(Optional<Result>.none as Any) }
            inner.variables[variable.key] = .value(unwrapped)
            return inner.operand(transform)
        case .row(let row):
            inner.variables[variable.key] = input
            // A cast row exists when it is of the cast's entity; a related row, when linked.
            exists =
                row.existsSQL.map { SQLFragment($0) } ?? (row.isRoot ? nil : SQLFragment("(\(row.keySQL) IS NOT NULL)"))
        case .column(let sql, let codec, _):
            inner.variables[variable.key] = .column(sql, codec, isOptional: false)
            exists = SQLFragment("(\(sql.sql) IS NOT NULL)", sql.arguments)
        default:
            inner.variables[variable.key] = input
            exists = nil
        }
        let result = inner.operand(transform)
        guard let exists else { return result }
        switch result {
        case .boolean(let condition)?:
            return .optionalCondition(exists: exists, condition: condition)
        case .column(let sql, let codec, _)? where codec.storedTypeName == "Bool":
            let condition = SQLCondition(fragment: SQLFragment("(\(sql.sql) = 1)", sql.arguments), isExact: true)
            return .optionalCondition(exists: exists, condition: condition)
        case .optionalCondition(let innerExists, let condition)?:
            // `$0.guide?.note?.text.isEmpty`: nil when either is.
            let both = SQLFragment(
                "(\(exists.sql) AND \(innerExists.sql))", exists.arguments + innerExists.arguments)
            return .optionalCondition(exists: both, condition: condition)
        case .value(let value)? where PredicateTranslator.unwrap(value) != nil:
            // A constant result is nil when the input is.
            guard let flag = value as? Bool else { return nil }
            return .optionalCondition(
                exists: exists, condition: SQLCondition(fragment: SQLFragment(flag ? "1" : "0"), isExact: true))
        case let other?:
            // Columns of a missing row, and functions of NULL, are NULL.
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
        let left = translator.operand(lhs)
        if case .value(let value)? = left {
            // A constant: itself, or the fallback when nil.
            guard let unwrapped = PredicateTranslator.unwrap(value) else { return translator.operand(rhs) }
            return .value(unwrapped)
        }
        if case .optionalCondition(let exists, let condition)? = left {
            let right = translator.operand(rhs)
            if let fallback = PredicateTranslator.constantBool(right) {
                let sql =
                    fallback
                    ? "(NOT \(exists.sql) OR \(condition.fragment.sql))"
                    : "(\(exists.sql) AND \(condition.fragment.sql))"
                return .boolean(
                    SQLCondition(
                        fragment: SQLFragment(sql, exists.arguments + condition.fragment.arguments),
                        isExact: condition.isExact))
            }
            guard let fallback = translator.condition(of: right) else { return nil }
            // `if let sub = $0 as? Sub { condition } else { fallback }`, the fallback a
            // condition of its own.
            let sql =
                "((\(exists.sql) AND \(condition.fragment.sql)) OR (NOT \(exists.sql) AND \(fallback.fragment.sql)))"
            return .boolean(
                SQLCondition(
                    fragment: SQLFragment(
                        sql,
                        exists.arguments + condition.fragment.arguments + exists.arguments + fallback.fragment.arguments
                    ),
                    isExact: condition.isExact && fallback.isExact))
        }
        guard case .column(let sql, let codec, _)? = left,
            case .value(let value)? = translator.operand(rhs),
            let fallback = PredicateTranslator.unwrap(value),
            let encoded = try? codec.encodeWrapped(fallback)
        else { return nil }
        return .column(
            SQLFragment("COALESCE(\(sql.sql), ?)", sql.arguments + [encoded.databaseValue]), codec, isOptional: false)
    }
}

extension PredicateExpressions.Equal: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.equality(self, lhs, rhs, negated: false)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.equality(self, lhs, rhs, negated: true)
    }
}

extension PredicateExpressions.Comparison: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        let sqlOperator =
            switch op {
            case .lessThan: "<"
            case .lessThanOrEqual: "<="
            case .greaterThan: ">"
            case .greaterThanOrEqual: ">="
            }
        return translator.comparison(self, lhs, rhs, operator: sqlOperator)
    }
}

extension PredicateExpressions.Conjunction: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        let leftOperand = translator.operand(lhs)
        // A constant term decides the conjunction, or leaves the other term alone.
        switch PredicateTranslator.constantBool(leftOperand) {
        case false?: return .value(false)
        case true?: return translator.operand(rhs)
        case nil: break
        }
        let rightOperand = translator.operand(rhs)
        switch PredicateTranslator.constantBool(rightOperand) {
        case false?: return .value(false)
        case true?: return leftOperand
        case nil: break
        }
        switch (translator.condition(of: leftOperand), translator.condition(of: rightOperand)) {
        case (let left?, let right?):
            return .boolean(
                SQLCondition(
                    fragment: SQLFragment(
                        "(\(left.fragment.sql) AND \(right.fragment.sql))",
                        left.fragment.arguments + right.fragment.arguments),
                    isExact: left.isExact && right.isExact
                ))
        case (let only?, nil), (nil, let only?):
            // The other term is checked in memory on the rows this one selects.
            return .boolean(SQLCondition(fragment: only.fragment, isExact: false))
        case (nil, nil):
            return nil
        }
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        let leftOperand = translator.operand(lhs)
        switch PredicateTranslator.constantBool(leftOperand) {
        case true?: return .value(true)
        case false?: return translator.operand(rhs)
        case nil: break
        }
        let rightOperand = translator.operand(rhs)
        switch PredicateTranslator.constantBool(rightOperand) {
        case true?: return .value(true)
        case false?: return leftOperand
        case nil: break
        }
        guard let left = translator.condition(of: leftOperand), let right = translator.condition(of: rightOperand)
        else { return nil }
        return .boolean(
            SQLCondition(
                fragment: SQLFragment(
                    "(\(left.fragment.sql) OR \(right.fragment.sql))",
                    left.fragment.arguments + right.fragment.arguments),
                isExact: left.isExact && right.isExact
            ))
    }
}

extension PredicateExpressions.Negation: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        let operand = translator.operand(wrapped)
        if let flag = PredicateTranslator.constantBool(operand) { return .value(!flag) }
        guard let inner = translator.condition(of: operand), inner.isExact else { return nil }
        return .boolean(inner.negated)
    }
}

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        // `title.contains("x")`: case-sensitive and over characters, as Swift's.
        guard let (base, needle) = translator.stringOperands(base, other) else { return nil }
        return SQLCondition(
            fragment: SQLFragment(
                "\(StoreFunctions.containsName)(\(base.sql), \(needle.sql))", base.arguments + needle.arguments),
            isExact: true
        )
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard let (base, prefix) = translator.stringOperands(base, prefix) else { return nil }
        return SQLCondition(
            fragment: SQLFragment(
                "\(StoreFunctions.startsWithName)(\(base.sql), \(prefix.sql))", base.arguments + prefix.arguments),
            isExact: true
        )
    }
}

extension PredicateExpressions.SequenceContains: SQLTranslatableExpression {
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        let sequenceOperand = translator.operand(sequence)
        let elementOperand = translator.operand(element)
        // `$0.tags.contains(tag)`: the model is among the linked rows.
        if case .toMany(let owner, let index)? = sequenceOperand, let elementOperand {
            return translator.linkedRowContains(
                ToManyLink(owner: owner, index: index, depth: translator.subqueryDepth), elementOperand)
        }
        // `names.contains($0.name)` of strings: Swift's `==` (``CanonicalEquality``).
        if case .value(let collection)? = sequenceOperand,
            case .column(let sql, let codec, let isOptional)? = elementOperand,
            codec.isString, let sequence = collection as? any Sequence
        {
            return translator.canonicalMembership(sql, isOptional: isOptional, in: anyElements(sequence))
        }
        // `ids.contains($0.id)`: a constant collection and a column. Two-valued, as Swift's
        // answer is: a NULL column is in the collection exactly when nil is, so that
        // `!ids.contains($0.optional)` keeps the rows that hold nil.
        if case .value(let collection)? = sequenceOperand,
            case .column(let sql, let codec, let isOptional)? = elementOperand,
            let sequence = collection as? any Sequence
        {
            var encoded: [DatabaseValueBox] = []
            var holdsNil = false
            for element in anyElements(sequence) {
                guard let unwrapped = PredicateTranslator.unwrap(element) else {
                    holdsNil = true
                    continue
                }
                guard let value = try? codec.encodeWrapped(unwrapped) else { return nil }
                encoded.append(DatabaseValueBox(value: value.databaseValue))
            }
            var any = SQLFragment("0")
            if !encoded.isEmpty {
                let placeholders = Array(repeating: "?", count: encoded.count).joined(separator: ", ")
                any = SQLFragment("(\(sql.sql) IN (\(placeholders)))", sql.arguments + encoded.map(\.value))
                if isOptional {
                    any = SQLFragment("(\(sql.sql) IS NOT NULL AND \(any.sql))", sql.arguments + any.arguments)
                }
            }
            if holdsNil, isOptional {
                any = SQLFragment("(\(any.sql) OR \(sql.sql) IS NULL)", any.arguments + sql.arguments)
            }
            return SQLCondition(fragment: any, isExact: true)
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
