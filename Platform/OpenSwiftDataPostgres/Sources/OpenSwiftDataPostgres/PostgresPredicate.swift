import Foundation
import OpenSwiftData
import PostgresNIO

/// A `#Predicate` over a model as a PostgreSQL condition on its entity's table, with Swift's
/// answers: strings compare as Swift compares them (canonically equivalent strings are
/// equal, and order by their Unicode scalars: `normalize(…, NFC)` and the `C` collation),
/// `nil` is a value, and NaN equals nothing and orders with nothing.
///
/// A condition is true exactly where Swift's answer is true; where Swift's is false it may be
/// FALSE or NULL (a comparison with a nil column), which `WHERE`, `AND` and `OR` take as
/// false alike. Only a negation tells them apart: `!` is written `(…) IS NOT TRUE`, never
/// `NOT`. So each comparison stays the plain one an index answers.
///
/// A string constant that no other string equals (ASCII, but for the three characters another
/// code point decomposes to) is compared with `=`, which an index answers.
///
/// What it translates: `&&`, `||`, `!`; `==` and `!=` of an attribute (or
/// `persistentModelID`) with a constant, `nil` included, or with an attribute of the same
/// type; `<`, `<=`, `>`, `>=` of an attribute with a constant, for strings and for types
/// stored as numbers that order as Swift orders them; `contains` of an attribute (or `persistentModelID`) in a
/// constant sequence; a `Bool` attribute alone. Through relationships: `==` and `!=` of a
/// to-one relationship with `nil` or of its model's identifier with a constant
/// (`$0.trip == nil`, `$0.trip?.persistentModelID == id`), or of an attribute of the model it holds with a
/// constant (`$0.trip?.code == "LIS"`: a subquery of the target's table), and a test on the
/// models of a to-many relationship (`$0.stops.contains { $0.nights > 2 }`: an `EXISTS`).
/// Anything else (a string search, arithmetic, a path of two relationships) leaves the whole
/// predicate to the context, which evaluates it in memory: a condition is only ever exact.
struct PostgresPredicate {
    /// The condition's SQL, whose parameters are `binds` (`$1`, `$2`, …).
    let sql: String
    let binds: PostgresBindings

    /// The condition for `predicate` on `layout`'s table, or nil when part of it has no
    /// exact translation.
    ///
    /// - Parameters:
    ///   - predicate: The fetch descriptor's predicate.
    ///   - layout: The fetched entity's layout.
    ///   - entityNames: The fetched entity and its subentities: an identifier of another
    ///     entity matches no row.
    ///   - storeIdentifier: The store's identifier: an identifier of another store matches
    ///     no row.
    ///   - tables: The tables of the store's entities, which relationships lead to.
    init?<T: PersistentModel>(
        _ predicate: Predicate<T>, layout: StoredEntityLayout, entityNames: Set<String>, storeIdentifier: String,
        tables: PostgresTables
    ) {
        var translator = PostgresPredicateTranslator(
            layout: layout, entityNames: entityNames, variable: predicate.variable.key, tables: tables,
            storeIdentifier: storeIdentifier)
        guard let sql = translator.condition(predicate.expression) else { return nil }
        self.sql = sql
        self.binds = translator.binds
    }

    /// A condition written by the store.
    init(sql: String, binds: PostgresBindings) {
        self.sql = sql
        self.binds = binds
    }
}

/// What a node of a predicate's expression tree stands for in SQL.
enum PostgresOperand {
    /// A boolean SQL expression, true exactly where Swift's answer is true (else FALSE or NULL).
    case condition(String)
    /// An attribute's column of the fetched row.
    case column(StoredEntityLayout.Attribute)
    /// The fetched row's `persistentModelID`: its `_pk`.
    case identifier
    /// A constant of the predicate (`Optional.none` for `nil`).
    case constant(Any)
    /// A to-one relationship of the row: its column, the `_pk` of the model it holds.
    case toOne(StoredEntityLayout.ToOne)
    /// A to-many relationship of the row.
    case toMany(StoredEntityLayout.ToMany)
    /// An attribute of the model a to-one relationship of the row holds, nil when it holds
    /// none (`$0.trip?.code`).
    case related(StoredEntityLayout.ToOne, StoredEntityLayout.Attribute)
}

/// What a predicate's variable stands for.
enum PostgresVariable {
    /// The row the condition is on: its columns are written unqualified.
    case row
    /// The model a to-one relationship of the row holds (the variable of `$0.trip.flatMap { … }`).
    case related(StoredEntityLayout.ToOne)
}

/// A node of a predicate that has a PostgreSQL translation.
protocol PostgresTranslatable {
    /// What the node stands for, or nil when it has no exact translation.
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand?
}

/// Walks a predicate's expression tree (``PostgresTranslatable``), collecting the
/// parameters of the SQL it writes.
struct PostgresPredicateTranslator {
    /// The layout of the row the condition is on.
    let layout: StoredEntityLayout
    /// The row's entity and its subentities.
    let entityNames: Set<String>
    /// The variables in scope: the row's, and those of the closures around the node.
    private(set) var variables: [PredicateExpressions.VariableID: PostgresVariable]
    let tables: PostgresTables
    let storeIdentifier: String
    /// How many subqueries the condition is inside: their tables' aliases are `r1`, `r2`, ….
    private let depth: Int
    private(set) var binds: PostgresBindings

    /// A translator of a condition on the rows of `layout`, inside `depth` subqueries, whose
    /// parameters come after `binds`.
    init(
        layout: StoredEntityLayout, entityNames: Set<String>, variable: PredicateExpressions.VariableID,
        tables: PostgresTables, storeIdentifier: String, depth: Int = 0, binds: PostgresBindings = PostgresBindings()
    ) {
        self.layout = layout
        self.entityNames = entityNames
        self.variables = [variable: .row]
        self.tables = tables
        self.storeIdentifier = storeIdentifier
        self.depth = depth
        self.binds = binds
    }

    /// The alias of the row the condition is on (the fetch's `t`), which a subquery's link
    /// names.
    private var rowAlias: String { depth == 0 ? "t" : "r\(depth)" }

    /// A parameter's placeholder, for `value` appended to the parameters.
    mutating func bind(_ value: StoredValue) -> String {
        PostgresRows.append(value, to: &binds)
        return "$\(binds.count)"
    }

    /// A parameter's placeholder for an array of primary keys.
    mutating func bind(keys: [Int64]) -> String {
        binds.append(keys)
        return "$\(binds.count)"
    }

    mutating func operand(_ expression: Any) -> PostgresOperand? {
        (expression as? any PostgresTranslatable)?.postgresOperand(in: &self)
    }

    /// A boolean node as a condition: a condition, a `Bool` attribute, or a `Bool` constant.
    mutating func condition(_ expression: Any) -> String? {
        switch operand(expression) {
        case .condition(let sql)?: return sql
        case .column(let attribute)? where attribute.isBool:
            return "(\(Self.column(attribute)) = 1)"
        case .constant(let value)?:
            guard let flag = Self.unwrapped(value) as? Bool else { return nil }
            return flag ? "TRUE" : "FALSE"
        default: return nil
        }
    }

    /// The attribute's quoted column.
    static func column(_ attribute: StoredEntityLayout.Attribute) -> String {
        PostgresTables.quote(attribute.name)
    }

    /// The value inside `value`'s optionals, or nil for `nil`.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    // MARK: Equality

    /// `lhs == rhs`, or `!=` when `negated`.
    mutating func equality(_ lhs: Any, _ rhs: Any, negated: Bool) -> String? {
        guard let left = operand(lhs), let right = operand(rhs) else { return nil }
        let equal: String?
        switch (left, right) {
        case (.column(let attribute), .constant(let value)), (.constant(let value), .column(let attribute)):
            equal = equality(attribute, value)
        case (.identifier, .constant(let value)), (.constant(let value), .identifier):
            equal = identifierEquality(value)
        case (.column(let a), .column(let b)):
            equal = Self.equality(a, b)
        case (.identifier, .identifier):
            equal = "TRUE"
        case (.toOne(let toOne), .constant(let value)), (.constant(let value), .toOne(let toOne)):
            equal = toOneEquality(toOne, value)
        case (.related(let toOne, let attribute), .constant(let value)),
            (.constant(let value), .related(let toOne, let attribute)):
            equal = relatedEquality(toOne, attribute, value)
        default:
            equal = nil
        }
        return equal.map { negated ? Self.negation($0) : $0 }
    }

    /// Swift's `!` of a condition: true where it is FALSE or NULL (`NOT` would keep NULL,
    /// which a `WHERE` takes as false).
    static func negation(_ condition: String) -> String {
        "(\(condition) IS NOT TRUE)"
    }

    /// An attribute equal to a constant.
    private mutating func equality(_ attribute: StoredEntityLayout.Attribute, _ value: Any) -> String? {
        let column = Self.column(attribute)
        guard let unwrapped = Self.unwrapped(value) else { return "(\(column) IS NULL)" }
        guard let stored = attribute.comparedValue(unwrapped) else { return nil }
        if case .real(let number) = stored, number.isNaN { return "FALSE" }
        let parameter = bind(stored)
        if attribute.isString, !((unwrapped as? String)?.hasNoCanonicalEquivalent ?? false) {
            return "(normalize(\(column), NFC) = normalize(\(parameter), NFC))"
        }
        // A string no other string equals is compared with the bytes stored, which the
        // column's index answers.
        return "(\(column) = \(parameter))"
    }

    /// Two attributes of one type equal (both nil included).
    private static func equality(_ a: StoredEntityLayout.Attribute, _ b: StoredEntityLayout.Attribute) -> String? {
        guard a.hasSameType(as: b), a.storage == b.storage
        else { return nil }
        let (left, right) = (column(a), column(b))
        switch a.storage {
        case .text where a.isString:
            return "(normalize(\(left), NFC) IS NOT DISTINCT FROM normalize(\(right), NFC))"
        case .real:
            // NaN equals nothing, itself included.
            return "(\(left) IS NOT DISTINCT FROM \(right) AND \(left) IS DISTINCT FROM 'NaN')"
        default:
            return "(\(left) IS NOT DISTINCT FROM \(right))"
        }
    }

    // MARK: Relationships

    /// A to-one relationship (`$0.trip`, or `$0.trip?.persistentModelID`) equal to an
    /// identifier or nil: its column.
    private mutating func toOneEquality(_ toOne: StoredEntityLayout.ToOne, _ value: Any) -> String? {
        let column = "\(rowAlias).\(PostgresTables.quote(toOne.name))"
        guard let unwrapped = Self.unwrapped(value) else { return "(\(column) IS NULL)" }
        guard let identifier = unwrapped as? PersistentIdentifier else { return nil }
        guard identifier.storeIdentifier == storeIdentifier,
            tables.kinds(of: toOne.target).contains(identifier.entityName),
            let key = identifier.dataStoreIntegerKey
        else { return "FALSE" }
        return "(\(column) = \(bind(.integer(key))))"
    }

    /// An attribute of the model a to-one relationship holds equal to a constant: a subquery
    /// of the target's table, whose columns the attribute's condition names unqualified (the
    /// subquery's own table comes first). `nil` is also the answer when the relationship
    /// holds no model.
    private mutating func relatedEquality(
        _ toOne: StoredEntityLayout.ToOne, _ attribute: StoredEntityLayout.Attribute, _ value: Any
    ) -> String? {
        guard let condition = equality(attribute, value) else { return nil }
        let alias = "r\(depth + 1)"
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        let column = "\(rowAlias).\(PostgresTables.quote(toOne.name))"
        let held =
            "EXISTS (SELECT 1 FROM \(tables.table(toOne.target)) AS \(alias) "
            + "WHERE \(alias).\(primaryKey) = \(column) AND \(condition))"
        guard Self.unwrapped(value) == nil else { return "(\(held))" }
        return "(\(column) IS NULL OR \(held))"
    }

    /// `sequence.contains { test }` on a to-many relationship of the row: an `EXISTS` over
    /// the linked rows with the test translated on them (`negated`: a linked row that fails
    /// it, for `allSatisfy`); nil unless both translate.
    mutating func linkedRowsTest(
        sequence: Any, variable: PredicateExpressions.VariableID, test: Any, negated: Bool
    ) -> String? {
        guard case .toMany(let toMany)? = operand(sequence), let target = tables.layouts[toMany.target] else {
            return nil
        }
        let alias = "r\(depth + 1)"
        let primaryKey = PostgresTables.quote(PostgresTables.primaryKey)
        let link: String
        if let inverse = toMany.inverseToOne {
            link = "\(alias).\(PostgresTables.quote(inverse)) = \(rowAlias).\(primaryKey)"
        } else if let join = toMany.joinTable {
            let (own, other) = toMany.isJoinSource ? ("source", "target") : ("target", "source")
            link =
                "\(alias).\(primaryKey) IN (SELECT \(other) FROM \(tables.table(join)) "
                + "WHERE \(own) = \(rowAlias).\(primaryKey))"
        } else {
            return nil
        }
        var inner = PostgresPredicateTranslator(
            layout: target, entityNames: Set(tables.kinds(of: toMany.target)), variable: variable, tables: tables,
            storeIdentifier: storeIdentifier, depth: depth + 1, binds: binds)
        guard let condition = inner.condition(test) else { return nil }
        binds = inner.binds
        let tested = negated ? Self.negation(condition) : condition
        return "EXISTS (SELECT 1 FROM \(tables.table(toMany.target)) AS \(alias) WHERE \(link) AND \(tested))"
    }

    /// The operand of `transform` with `variable` bound to the model a to-one relationship
    /// of the row holds: `$0.trip?.code` (an attribute of it) or `$0.trip?.persistentModelID`
    /// (the relationship's column).
    mutating func flatMap(_ wrapped: Any, variable: PredicateExpressions.VariableID, transform: Any)
        -> PostgresOperand?
    {
        guard case .toOne(let toOne)? = operand(wrapped) else { return nil }
        variables[variable] = .related(toOne)
        defer { variables[variable] = nil }
        return operand(transform)
    }

    /// `persistentModelID` equal to a constant identifier: its row's `_pk`, when the
    /// identifier is of this store and entity; else no row.
    private mutating func identifierEquality(_ value: Any) -> String? {
        guard let key = key(of: value) else { return "FALSE" }
        return "(\(PostgresTables.quote(PostgresTables.primaryKey)) = \(bind(.integer(key))))"
    }

    /// The `_pk` of the row an identifier names, if it is one of this entity's (or a
    /// subentity's) in this store.
    private func key(of value: Any) -> Int64? {
        guard let identifier = Self.unwrapped(value) as? PersistentIdentifier,
            identifier.storeIdentifier == storeIdentifier, entityNames.contains(identifier.entityName)
        else { return nil }
        return identifier.dataStoreIntegerKey
    }

    // MARK: Order

    /// `lhs op rhs` for an attribute and a constant whose stored form orders as Swift does.
    mutating func comparison(_ lhs: Any, _ rhs: Any, _ op: PredicateExpressions.ComparisonOperator) -> String? {
        guard let left = operand(lhs), let right = operand(rhs) else { return nil }
        let symbol: String
        switch op {
        case .lessThan: symbol = "<"
        case .lessThanOrEqual: symbol = "<="
        case .greaterThan: symbol = ">"
        case .greaterThanOrEqual: symbol = ">="
        @unknown default: return nil
        }
        switch (left, right) {
        case (.column(let attribute), .constant(let value)):
            return ordered(attribute, value) { "\($0) \(symbol) \($1)" }
        case (.constant(let value), .column(let attribute)):
            return ordered(attribute, value) { "\($1) \(symbol) \($0)" }
        default:
            return nil
        }
    }

    /// The comparison `sql(column, parameter)` of an attribute with a constant.
    private mutating func ordered(
        _ attribute: StoredEntityLayout.Attribute, _ value: Any, _ sql: (String, String) -> String
    ) -> String? {
        guard attribute.storedOrderMatchesSwift, let unwrapped = Self.unwrapped(value),
            let stored = attribute.comparedValue(unwrapped)
        else { return nil }
        let column = Self.column(attribute)
        switch stored {
        case .real(let number):
            // NaN orders with nothing; PostgreSQL puts it above every number.
            if number.isNaN { return "FALSE" }
            return "(\(sql(column, bind(stored))) AND \(column) <> 'NaN')"
        case .text where attribute.isString:
            let parameter = bind(stored)
            let (left, right) = (
                "normalize(\(column), NFC) COLLATE \"C\"", "normalize(\(parameter), NFC) COLLATE \"C\""
            )
            return "(\(sql(left, right)))"
        case .integer:
            return "(\(sql(column, bind(stored))))"
        default:
            return nil
        }
    }

    // MARK: Membership

    /// An attribute (or `persistentModelID`) in a constant sequence.
    mutating func membership(element: Any, sequence: Any) -> String? {
        guard case .constant(let constant)? = operand(sequence),
            let sequence = Self.unwrapped(constant) as? any Sequence
        else { return nil }
        let values = Self.elements(sequence)
        switch operand(element) {
        case .identifier?:
            let keys = values.compactMap(key(of:))
            guard !keys.isEmpty else { return "FALSE" }
            return "(\(PostgresTables.quote(PostgresTables.primaryKey)) = ANY(\(bind(keys: keys))))"
        case .column(let attribute)?:
            var equalities: [String] = []
            for value in values {
                guard let equal = equality(attribute, value) else { return nil }
                equalities.append(equal)
            }
            return equalities.isEmpty ? "FALSE" : "(\(equalities.joined(separator: " OR ")))"
        default:
            return nil
        }
    }

    private static func elements(_ sequence: some Sequence) -> [Any] {
        sequence.map { $0 as Any }
    }
}

// MARK: - The nodes translated

extension PredicateExpressions.KeyPath: PostgresTranslatable {
    /// An attribute, a relationship or the `persistentModelID` of the row, or of the model a
    /// to-one relationship of it holds.
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        guard let variable = root as? any VariableNode, let bound = translator.variables[variable.variableID] else {
            return nil
        }
        let path = keyPath as AnyKeyPath
        let isIdentifier = type(of: path).valueType == PersistentIdentifier.self
        switch bound {
        case .row:
            let layout = translator.layout
            if let attribute = layout.attribute(at: path) { return .column(attribute) }
            if let toOne = layout.toOne(at: path) { return .toOne(toOne) }
            if let toMany = layout.toMany(at: path) { return .toMany(toMany) }
            return isIdentifier ? .identifier : nil
        case .related(let toOne):
            guard let target = translator.tables.layouts[toOne.target] else { return nil }
            if let attribute = target.attribute(at: path) { return .related(toOne, attribute) }
            // `$0.trip?.persistentModelID` is the relationship's own column.
            return isIdentifier ? .toOne(toOne) : nil
        }
    }
}

/// A predicate's variable, whatever its type.
private protocol VariableNode {
    var variableID: PredicateExpressions.VariableID { get }
}

extension PredicateExpressions.Variable: VariableNode {
    fileprivate var variableID: PredicateExpressions.VariableID { key }
}

extension PredicateExpressions.Value: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        .constant(value)
    }
}

extension PredicateExpressions.NilLiteral: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        .constant(Optional<Int>.none as Any)
    }
}

extension PredicateExpressions.Conjunction: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        guard let left = translator.condition(lhs), let right = translator.condition(rhs) else { return nil }
        return .condition("(\(left) AND \(right))")
    }
}

extension PredicateExpressions.Disjunction: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        guard let left = translator.condition(lhs), let right = translator.condition(rhs) else { return nil }
        return .condition("(\(left) OR \(right))")
    }
}

extension PredicateExpressions.Negation: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.condition(wrapped).map { .condition(PostgresPredicateTranslator.negation($0)) }
    }
}

extension PredicateExpressions.Equal: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.equality(lhs, rhs, negated: false).map(PostgresOperand.condition)
    }
}

extension PredicateExpressions.NotEqual: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.equality(lhs, rhs, negated: true).map(PostgresOperand.condition)
    }
}

extension PredicateExpressions.Comparison: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.comparison(lhs, rhs, op).map(PostgresOperand.condition)
    }
}

extension PredicateExpressions.OptionalFlatMap: PostgresTranslatable {
    /// `$0.trip?.code`: the transform on the model a to-one relationship holds.
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.flatMap(wrapped, variable: variable.key, transform: transform)
    }
}

extension PredicateExpressions.SequenceContainsWhere: PostgresTranslatable {
    /// `$0.stops.contains { … }`: some linked row passes the test.
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.linkedRowsTest(sequence: sequence, variable: variable.key, test: test, negated: false)
            .map(PostgresOperand.condition)
    }
}

extension PredicateExpressions.SequenceAllSatisfy: PostgresTranslatable {
    /// `$0.stops.allSatisfy { … }`: no linked row fails the test.
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.linkedRowsTest(sequence: sequence, variable: variable.key, test: test, negated: true)
            .map { .condition(PostgresPredicateTranslator.negation($0)) }
    }
}

extension PredicateExpressions.SequenceContains: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.membership(element: element, sequence: sequence).map(PostgresOperand.condition)
    }
}
