import Foundation

// Arithmetic, ranges and ternaries over stored numbers, as SQL expressions.

extension PredicateTranslator {
    /// The two sides of a numeric operation as SQL, a column (or an expression of one)
    /// and another or a constant encoded as it; with the column's codec.
    func numericOperands(_ lhs: Any, _ rhs: Any) -> (SQLFragment, SQLFragment, AttributeCodec)? {
        guard let left = operand(lhs), let right = operand(rhs) else { return nil }
        func sql(_ operand: PredicateOperand, codec: AttributeCodec) -> SQLFragment? {
            switch operand {
            case .column(let sql, _, _): return sql
            case .value(let value):
                guard let unwrapped = Self.unwrap(value), let encoded = try? codec.encodeWrapped(unwrapped) else {
                    return nil
                }
                return SQLFragment("?", [encoded.databaseValue])
            default: return nil
            }
        }
        let codec: AttributeCodec
        switch (left, right) {
        case (.column(_, let leftCodec, _), _): codec = leftCodec
        case (_, .column(_, let rightCodec, _)): codec = rightCodec
        default: return nil
        }
        guard codec.storageType == .integer || codec.storageType == .real, codec.sqlOrderMatchesSwift,
            let leftSQL = sql(left, codec: codec), let rightSQL = sql(right, codec: codec)
        else { return nil }
        return (leftSQL, rightSQL, codec)
    }

    /// `lhs op rhs` over numbers, as a column-like operand.
    func arithmetic(_ lhs: Any, _ rhs: Any, operator op: String) -> PredicateOperand? {
        guard let (left, right, codec) = numericOperands(lhs, rhs) else { return nil }
        return .column(
            SQLFragment("(\(left.sql) \(op) \(right.sql))", left.arguments + right.arguments), codec,
            isOptional: false)
    }
}

extension PredicateExpressions.Arithmetic: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        let op =
            switch self.op {
            case .add: "+"
            case .subtract: "-"
            case .multiply: "*"
            }
        return translator.arithmetic(lhs, rhs, operator: op)
    }
}

extension PredicateExpressions.IntDivision: SQLTranslatableExpression {
    // SQLite's integer division truncates toward zero, as Swift's.
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.arithmetic(lhs, rhs, operator: "/")
    }
}

extension PredicateExpressions.IntRemainder: SQLTranslatableExpression {
    // SQLite's `%` takes the dividend's sign, as Swift's.
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.arithmetic(lhs, rhs, operator: "%")
    }
}

extension PredicateExpressions.FloatDivision: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        translator.arithmetic(lhs, rhs, operator: "/")
    }
}

extension PredicateExpressions.RangeExpressionContains: SQLTranslatableExpression {
    /// `(low...high).contains($0.x)` and `low..<high`, a constant range or one written in
    /// the predicate.
    func condition(in translator: PredicateTranslator) -> SQLCondition? {
        guard case .column(let column, let codec, _)? = translator.operand(element), codec.sqlOrderMatchesSwift
        else { return nil }
        let bounds: (lower: Any, upper: Any, closed: Bool)
        switch translator.operand(range) {
        case .value(let value)?:
            guard let constant = RangeBounds(value) else { return nil }
            bounds = (constant.lower, constant.upper, constant.isClosed)
        default:
            guard let written = range as? any WrittenRange,
                case .value(let lower)? = translator.operand(written.lowerExpression),
                case .value(let upper)? = translator.operand(written.upperExpression)
            else { return nil }
            bounds = (lower, upper, written.isClosed)
        }
        guard let lower = try? codec.encodeWrapped(bounds.lower), let upper = try? codec.encodeWrapped(bounds.upper)
        else { return nil }
        let upperOperator = bounds.closed ? "<=" : "<"
        return SQLCondition(
            fragment: SQLFragment(
                "(\(column.sql) >= ? AND \(column.sql) \(upperOperator) ?)",
                column.arguments + [lower.databaseValue] + column.arguments + [upper.databaseValue]),
            isExact: true)
    }
}

extension PredicateExpressions.Conditional: SQLTranslatableExpression {
    /// `test ? a : b` where both branches are conditions, or the branch a constant
    /// test selects.
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        let testOperand = translator.operand(test)
        if let flag = PredicateTranslator.constantBool(testOperand) {
            return translator.operand(flag ? trueBranch : falseBranch)
        }
        return condition(testOperand, in: translator).map { .boolean($0) }
    }

    private func condition(_ testOperand: PredicateOperand?, in translator: PredicateTranslator) -> SQLCondition? {
        guard let test = translator.condition(of: testOperand), test.isExact,
            let whenTrue = translator.condition(trueBranch), whenTrue.isExact,
            let whenFalse = translator.condition(falseBranch), whenFalse.isExact
        else { return nil }
        return SQLCondition(
            fragment: SQLFragment(
                "(CASE WHEN \(test.fragment.sql) THEN \(whenTrue.fragment.sql) ELSE \(whenFalse.fragment.sql) END)",
                test.fragment.arguments + whenTrue.fragment.arguments + whenFalse.fragment.arguments),
            isExact: true)
    }
}

/// A range written in a predicate (`low...high`, `low..<high`).
protocol WrittenRange {
    var lowerExpression: Any { get }
    var upperExpression: Any { get }
    var isClosed: Bool { get }
}

extension PredicateExpressions.ClosedRange: WrittenRange {
    var lowerExpression: Any { lower }
    var upperExpression: Any { upper }
    var isClosed: Bool { true }
}

extension PredicateExpressions.Range: WrittenRange {
    var lowerExpression: Any { lower }
    var upperExpression: Any { upper }
    var isClosed: Bool { false }
}

/// The bounds of a constant `ClosedRange` or `Range`.
struct RangeBounds {
    let lower: Any
    let upper: Any
    let isClosed: Bool

    init?(_ value: Any) {
        if let range = value as? any ClosedRangeBounds {
            (lower, upper, isClosed) = (range.lowerAny, range.upperAny, true)
        } else if let range = value as? any HalfOpenRangeBounds {
            (lower, upper, isClosed) = (range.lowerAny, range.upperAny, false)
        } else {
            return nil
        }
    }
}

protocol ClosedRangeBounds {
    var lowerAny: Any { get }
    var upperAny: Any { get }
}

protocol HalfOpenRangeBounds {
    var lowerAny: Any { get }
    var upperAny: Any { get }
}

extension ClosedRange: ClosedRangeBounds {
    var lowerAny: Any { lowerBound }
    var upperAny: Any { upperBound }
}

extension Range: HalfOpenRangeBounds {
    var lowerAny: Any { lowerBound }
    var upperAny: Any { upperBound }
}
