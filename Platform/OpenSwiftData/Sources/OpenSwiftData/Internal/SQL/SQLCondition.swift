internal import GRDB

/// A piece of SQL with its bound arguments.
struct SQLFragment {
    var sql: String
    var arguments: [DatabaseValue] = []

    init(_ sql: String, _ arguments: [DatabaseValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }
}

/// A `WHERE` clause translated from a predicate.
struct SQLCondition {
    var fragment: SQLFragment
    /// Whether the SQL selects exactly the predicate's models. When false it selects a
    /// superset (a conjunction of which only some terms could be translated), and the
    /// predicate is evaluated in memory on the rows it returns.
    var isExact: Bool
}

extension SQLCondition {
    /// `NOT` this condition, which must be exact.
    var negated: SQLCondition {
        SQLCondition(fragment: SQLFragment("(NOT \(fragment.sql))", fragment.arguments), isExact: isExact)
    }
}
