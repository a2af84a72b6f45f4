import Foundation
internal import GRDB

/// Translates a Foundation `Predicate` over a model into an SQL condition.
///
/// The predicate's expression tree is walked node by node; each supported
/// `PredicateExpressions` type conforms to ``SQLTranslatableExpression``. Anything else
/// makes its subtree untranslatable, and the fetch evaluates the predicate in memory.
struct PredicateTranslator {
    let rootEntity: EntityDescriptor
    /// What each predicate variable stands for.
    var variables: [PredicateExpressions.VariableID: PredicateOperand] = [:]
    /// How many subqueries enclose the expression being translated: names their
    /// tables' aliases apart.
    var subqueryDepth = 0

    init(entity: EntityDescriptor) {
        self.rootEntity = entity
    }

    /// The SQL condition for a predicate, or nil when no part of it can be translated.
    static func condition<T>(for predicate: Predicate<T>, entity: EntityDescriptor) -> SQLCondition? {
        var translator = PredicateTranslator(entity: entity)
        let root = RowReference.root(entity)
        translator.variables[predicate.variable.key] = .row(root)
        return translator.condition(predicate.expression)
    }

    /// What an expression stands for: its translation, or, for an expression of
    /// constants alone that has none (`query.isEmpty`, `limits.max()`), its value.
    func operand(_ expression: Any) -> PredicateOperand? {
        if let translatable = expression as? any SQLTranslatableExpression,
            let operand = translatable.operand(in: self)
        {
            return operand
        }
        return Self.constant(expression).map { .value($0) }
    }

    /// A boolean expression as a condition.
    func condition(_ expression: Any) -> SQLCondition? {
        if let translatable = expression as? any SQLTranslatableExpression,
            let condition = translatable.condition(in: self)
        {
            return condition
        }
        return condition(of: Self.constant(expression).map { .value($0) })
    }

    /// An operand that is a boolean as a condition.
    func condition(of operand: PredicateOperand?) -> SQLCondition? {
        switch operand {
        case .boolean(let condition)?:
            return condition
        case .column(let sql, let codec, _)? where codec.storedTypeName == "Bool":
            return SQLCondition(fragment: SQLFragment("(\(sql.sql) = 1)", sql.arguments), isExact: true)
        case .value(let value)?:
            guard let flag = value as? Bool else { return nil }
            return SQLCondition(fragment: SQLFragment(flag ? "1" : "0"), isExact: true)
        default:
            return nil
        }
    }

    /// The value of an operand that is a constant `Bool`.
    static func constantBool(_ operand: PredicateOperand?) -> Bool? {
        guard case .value(let value)? = operand else { return nil }
        return value as? Bool
    }

    // MARK: Comparisons

    /// `lhs == rhs` (or `!=`) with Swift's semantics for `nil`; of two constants, its
    /// value (`node` evaluated).
    func equality(_ node: Any, _ lhs: Any, _ rhs: Any, negated: Bool) -> PredicateOperand? {
        guard let left = operand(lhs), let right = operand(rhs) else { return nil }
        if case .value = left, case .value = right { return Self.constant(node).map { .value($0) } }
        return equality(left, right, negated: negated).map { .boolean($0) }
    }

    private func equality(_ left: PredicateOperand, _ right: PredicateOperand, negated: Bool) -> SQLCondition? {
        if let boolean = booleanEquality(left, right, negated: negated)
            ?? booleanEquality(right, left, negated: negated)
        {
            return boolean
        }
        if case .value(let value) = left {
            return equality(operand: right, constant: value, negated: negated)
        }
        if case .value(let value) = right {
            return equality(operand: left, constant: value, negated: negated)
        }
        guard let leftSQL = left.scalarSQL, let rightSQL = right.scalarSQL else { return nil }
        if case .column(_, let leftCodec, _) = left, case .column(_, let rightCodec, _) = right, leftCodec.isString,
            rightCodec.isString
        {
            // Equal bytes, or both strings and canonically equivalent.
            let function = StoreFunctions.canonicallyEqualName
            let sql =
                "(\(leftSQL.sql) IS \(rightSQL.sql) OR COALESCE(\(function)(\(leftSQL.sql), \(rightSQL.sql)), 0))"
            let equal = SQLCondition(
                fragment: SQLFragment(
                    sql, leftSQL.arguments + rightSQL.arguments + leftSQL.arguments + rightSQL.arguments),
                isExact: true)
            return negated ? equal.negated : equal
        }
        let op = negated ? "IS NOT" : "IS"
        return SQLCondition(
            fragment: SQLFragment(
                "(\(leftSQL.sql) \(op) \(rightSQL.sql))", leftSQL.arguments + rightSQL.arguments),
            isExact: true
        )
    }

    private func equality(operand: PredicateOperand, constant: Any, negated: Bool) -> SQLCondition? {
        let unwrapped = Self.unwrap(constant)
        switch operand {
        case .rawValue(let sql, let codec, let isOptional, let check):
            guard let unwrapped, check(unwrapped) else { return nil }
            return equality(operand: .column(sql, codec, isOptional: isOptional), constant: constant, negated: negated)
        case .column(let sql, let codec, let isOptional):
            guard let unwrapped else {
                return SQLCondition(
                    fragment: SQLFragment("(\(sql.sql) \(negated ? "IS NOT" : "IS") NULL)", sql.arguments),
                    isExact: true
                )
            }
            if Self.isNaN(unwrapped) {
                // NaN equals nothing, in Swift; SQLite would bind it as NULL.
                return SQLCondition(fragment: SQLFragment(negated ? "1" : "0"), isExact: true)
            }
            if codec.isString, let text = unwrapped as? String, !CanonicalEquality.isCanonicallyUnique(text) {
                return canonicalEquality(sql, text, isOptional: isOptional, negated: negated)
            }
            guard let encoded = try? codec.encodeWrapped(unwrapped) else { return nil }
            let op = isOptional ? (negated ? "IS NOT" : "IS") : (negated ? "<>" : "=")
            return SQLCondition(
                fragment: SQLFragment("(\(sql.sql) \(op) ?)", sql.arguments + [encoded.databaseValue]), isExact: true)
        case .row(let row):
            // A to-one relationship compared with a model or with nil.
            guard let unwrapped else {
                return SQLCondition(
                    fragment: SQLFragment("(\(row.keySQL) \(negated ? "IS NOT" : "IS") NULL)"), isExact: true)
            }
            guard let model = unwrapped as? any PersistentModel else { return nil }
            guard let key = model.persistentBackingData.primaryKey else {
                // An unsaved model matches no stored row.
                return SQLCondition(fragment: SQLFragment(negated ? "1" : "0"), isExact: true)
            }
            return SQLCondition(
                fragment: SQLFragment("(\(row.keySQL) \(negated ? "IS NOT" : "IS") ?)", [key.databaseValue]),
                isExact: true)
        case .identifier(let row):
            guard let identifier = unwrapped as? PersistentIdentifier else { return nil }
            guard let key = identifier.primaryKey, row.entity.includesEntity(named: identifier.entityName) else {
                // A temporary identifier, or another entity's, matches no stored row.
                return SQLCondition(fragment: SQLFragment(negated ? "1" : "0"), isExact: true)
            }
            return SQLCondition(
                fragment: SQLFragment("(\(row.keySQL) \(negated ? "IS NOT" : "IS") ?)", [key.databaseValue]),
                isExact: true)
        case .value, .boolean, .toMany, .filteredToMany, .optionalCondition:
            return nil
        }
    }

    /// `column == text` with Swift's `==` (``CanonicalEquality``), for a `text` that other
    /// strings are equivalent to. A NULL column is unequal, as `nil` is in Swift.
    private func canonicalEquality(_ sql: SQLFragment, _ text: String, isOptional: Bool, negated: Bool)
        -> SQLCondition
    {
        let test = CanonicalEquality.condition(sql, equals: text)
        let equal =
            isOptional
            ? SQLFragment("(\(sql.sql) IS NOT NULL AND \(test.sql))", sql.arguments + test.arguments) : test
        let condition = SQLCondition(fragment: equal, isExact: true)
        return negated ? condition.negated : condition
    }

    /// A condition compared with a constant `Bool` (`$0.tags.isEmpty == false`), or an
    /// optional one (`$0.guide?.name.isEmpty == true`, nil when there is no guide).
    private func booleanEquality(_ operand: PredicateOperand, _ other: PredicateOperand, negated: Bool)
        -> SQLCondition?
    {
        guard case .value(let value) = other else { return nil }
        let unwrapped = Self.unwrap(value)
        if unwrapped != nil, !(unwrapped is Bool) { return nil }
        let flag = unwrapped as? Bool
        let selected: SQLCondition
        switch operand {
        case .boolean(let condition):
            guard let flag, condition.isExact else { return nil }
            selected = flag ? condition : condition.negated
        case .optionalCondition(let exists, let condition):
            guard condition.isExact else { return nil }
            guard let flag else {
                selected = SQLCondition(fragment: SQLFragment("(NOT \(exists.sql))", exists.arguments), isExact: true)
                break
            }
            let test = flag ? condition : condition.negated
            selected = SQLCondition(
                fragment: SQLFragment(
                    "(\(exists.sql) AND \(test.fragment.sql))", exists.arguments + test.fragment.arguments),
                isExact: true)
        default:
            return nil
        }
        return negated ? selected.negated : selected
    }

    /// `lhs < rhs` and the other orderings, when SQL orders the type as Swift does; of
    /// two constants, its value (`node` evaluated).
    func comparison(_ node: Any, _ lhs: Any, _ rhs: Any, operator op: String) -> PredicateOperand? {
        guard let left = operand(lhs), let right = operand(rhs) else { return nil }
        if case .value = left, case .value = right { return Self.constant(node).map { .value($0) } }
        for case .value(let value) in [left, right] where Self.unwrap(value).map(Self.isNaN) == true {
            // NaN orders with nothing, in Swift.
            return .boolean(SQLCondition(fragment: SQLFragment("0"), isExact: true))
        }
        guard let leftSQL = sqlForOrdering(left, other: right), let rightSQL = sqlForOrdering(right, other: left)
        else { return nil }
        // Strings order as Swift orders them (their canonical forms), not by their bytes.
        let collation =
            [left, right].contains { $0.isStringColumn } ? " COLLATE \(StoreFunctions.swiftOrderCollationName)" : ""
        return .boolean(
            SQLCondition(
                fragment: SQLFragment(
                    "(\(leftSQL.sql)\(collation) \(op) \(rightSQL.sql))", leftSQL.arguments + rightSQL.arguments),
                isExact: true
            ))
    }

    /// Whether `value` is a floating-point NaN.
    static func isNaN(_ value: Any) -> Bool {
        (value as? any BinaryFloatingPoint)?.isNaN ?? false
    }

    private func sqlForOrdering(_ operand: PredicateOperand, other: PredicateOperand) -> SQLFragment? {
        switch (operand, other) {
        case (.rawValue(let sql, let codec, let isOptional, let check), .value(let value)):
            guard let unwrapped = Self.unwrap(value), check(unwrapped) else { return nil }
            return sqlForOrdering(.column(sql, codec, isOptional: isOptional), other: other)
        case (.value, .rawValue(let sql, let codec, let isOptional, let check)):
            guard case .value(let value) = operand, let unwrapped = Self.unwrap(value), check(unwrapped) else {
                return nil
            }
            return sqlForOrdering(operand, other: .column(sql, codec, isOptional: isOptional))
        default:
            break
        }
        switch operand {
        case .column(let sql, let codec, _):
            return codec.sqlOrderMatchesSwift ? sql : nil
        case .value(let value):
            guard case .column(_, let codec, _) = other, codec.sqlOrderMatchesSwift,
                let unwrapped = Self.unwrap(value), let encoded = try? codec.encodeWrapped(unwrapped)
            else { return nil }
            return SQLFragment("?", [encoded.databaseValue])
        default:
            return nil
        }
    }

    /// A string operand and a string constant for `contains` and `starts(with:)`.
    func stringOperands(_ base: Any, _ other: Any) -> (SQLFragment, SQLFragment)? {
        guard case .column(let sql, let codec, _)? = operand(base), codec.storageType == .text, !codec.isJSON,
            case .value(let value)? = operand(other), let text = Self.unwrap(value) as? String
        else { return nil }
        return (sql, SQLFragment("?", [text.databaseValue]))
    }

    static func unwrap(_ value: Any) -> Any? {
        // The usual constants' types are told by their metatype: the cast below looks up
        // a protocol conformance, about a thousand instructions per lookup's constant.
        let valueType = type(of: value)
        if valueType == Int.self || valueType == String.self || valueType == Double.self || valueType == Bool.self
            || valueType == Int64.self || valueType == UUID.self || valueType == Date.self
        {
            return value
        }
        if let optional = value as? any _OptionalMarker {
            guard let wrapped = optional._wrappedAny else { return nil }
            return unwrap(wrapped)
        }
        return value
    }
}

/// A row that predicate key paths can read columns of: the fetched entity's row, or a
/// row reached through to-one relationships.
struct RowReference {
    let entity: EntityDescriptor
    /// SQL that gives the row's primary key (NULL when there is no row).
    let keySQL: String
    let isRoot: Bool
    /// The name the row's table has in the query (a subquery's alias), when its columns
    /// are read directly rather than through its key.
    var table: String?
    /// SQL that is true when the row is of ``entity`` at all: set for a row reached by a
    /// cast to a sub-entity (`$0 as? BusinessTrip`), which may be of another kind.
    var existsSQL: String?

    static func root(_ entity: EntityDescriptor) -> RowReference {
        RowReference(entity: entity, keySQL: entity.keySQL, isRoot: true)
    }

    /// SQL that reads the column of the property at `index`: in the fetched row's tables
    /// (``EntityDescriptor/fromSQL``), in a subquery's aliased table when the entity's own
    /// table stores it, else by key in the table of the entity that declares it.
    func columnSQL(of index: Int) -> String {
        if isRoot { return entity.qualifiedColumn(of: index) }
        let quoted = entity.properties[index].quotedName
        let declaring = entity.declaringEntity(of: index)
        if let table, declaring === entity { return "\(table).\(quoted)" }
        // Read through the entity's tables, so that a row of another kind reads NULL.
        // Aliased, so that the subquery's tables do not hide the outer query's of the
        // same name (a relationship to the same entity, or a cast of the fetched row).
        let aliases = entity.aliasedTables(prefix: "osd_r\(Self.aliasSuffix(for: keySQL))_")
        return "(SELECT \(aliases.column(index)) FROM \(aliases.from) WHERE \(aliases.key) = \(keySQL))"
    }

    /// A short, stable name part for the subquery that reads a row by `keySQL`: stable,
    /// so that the same predicate gives the same SQL (and reuses its statement).
    private static func aliasSuffix(for keySQL: String) -> String {
        var hash: UInt32 = 0x811c_9dc5
        for byte in keySQL.utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return String(hash, radix: 36)
    }
}

/// What a translated predicate sub-expression stands for.
enum PredicateOperand {
    /// A column value, with the codec that encodes constants compared with it.
    case column(SQLFragment, AttributeCodec, isOptional: Bool)
    /// A key path applied to a stored raw-representable value that may be `rawValue`
    /// (key paths to computed properties cannot be told apart by name). `check` tells,
    /// for a raw constant, whether the key path gives the raw value back; only then is
    /// the operand the column itself.
    case rawValue(SQLFragment, AttributeCodec, isOptional: Bool, check: (Any) -> Bool)
    /// A row reached through a to-one relationship (or the root row).
    case row(RowReference)
    /// A row's primary key, for `persistentModelID` comparisons.
    case identifier(RowReference)
    /// A to-many relationship of a row: the property at `index` of the row's entity.
    case toMany(RowReference, index: Int)
    /// The linked models of a to-many relationship that pass a test
    /// (`$0.stops.filter { $0.order > 2 }`).
    case filteredToMany(ToManyLink, test: SQLFragment)
    /// An optional boolean: nil when a row reached by a cast is not of the cast's entity
    /// (`($0 as? BusinessTrip)?.perdiem > 10`), when a to-one relationship is nil
    /// (`$0.guide?.name.isEmpty`) or an optional attribute is (`$0.note.flatMap { … }`).
    /// `exists` tells, `condition` is the value when it is.
    case optionalCondition(exists: SQLFragment, condition: SQLCondition)
    /// A Swift constant.
    case value(Any)
    /// A boolean condition.
    case boolean(SQLCondition)

    /// Whether the operand is a column holding a `String`.
    var isStringColumn: Bool {
        if case .column(_, let codec, _) = self { return codec.isString }
        return false
    }

    var scalarSQL: SQLFragment? {
        switch self {
        case .column(let sql, _, _): sql
        case .rawValue: nil
        case .row(let row): SQLFragment(row.keySQL)
        case .identifier(let row): SQLFragment(row.keySQL)
        case .value, .boolean, .toMany, .filteredToMany, .optionalCondition: nil
        }
    }
}

/// A predicate expression that can be translated to SQL.
protocol SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand?
    func condition(in translator: PredicateTranslator) -> SQLCondition?
}

extension SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        condition(in: translator).map { .boolean($0) }
    }

    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        translator.condition(of: operand(in: translator))
    }
}
