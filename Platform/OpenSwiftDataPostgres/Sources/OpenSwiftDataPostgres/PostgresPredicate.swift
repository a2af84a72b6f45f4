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
/// constant sequence; a `Bool` attribute alone. Anything else (a relationship, a string
/// search, arithmetic) leaves the whole predicate to the context, which evaluates it in
/// memory: a condition is only ever exact.
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
    init?<T: PersistentModel>(
        _ predicate: Predicate<T>, layout: StoredEntityLayout, entityNames: Set<String>, storeIdentifier: String
    ) {
        var translator = PostgresPredicateTranslator(
            layout: layout, entityNames: entityNames, variable: predicate.variable.key,
            identifierKeyPath: \T.persistentModelID, storeIdentifier: storeIdentifier)
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
}

/// A node of a predicate that has a PostgreSQL translation.
protocol PostgresTranslatable {
    /// What the node stands for, or nil when it has no exact translation.
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand?
}

/// Walks a predicate's expression tree (``PostgresTranslatable``), collecting the
/// parameters of the SQL it writes.
struct PostgresPredicateTranslator {
    let layout: StoredEntityLayout
    /// The fetched entity and its subentities.
    let entityNames: Set<String>
    /// The predicate's variable: the fetched model.
    let variable: PredicateExpressions.VariableID
    /// `\T.persistentModelID` for the fetched model type.
    let identifierKeyPath: AnyKeyPath
    let storeIdentifier: String
    private(set) var binds = PostgresBindings()

    init(
        layout: StoredEntityLayout, entityNames: Set<String>, variable: PredicateExpressions.VariableID,
        identifierKeyPath: AnyKeyPath, storeIdentifier: String
    ) {
        self.layout = layout
        self.entityNames = entityNames
        self.variable = variable
        self.identifierKeyPath = identifierKeyPath
        self.storeIdentifier = storeIdentifier
    }

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
    /// An attribute of the fetched model, or its `persistentModelID`.
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        guard let variable = root as? any VariableNode, variable.variableID == translator.variable else { return nil }
        let path = keyPath as AnyKeyPath
        if path == translator.identifierKeyPath { return .identifier }
        return translator.layout.attribute(at: path).map(PostgresOperand.column)
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

extension PredicateExpressions.SequenceContains: PostgresTranslatable {
    func postgresOperand(in translator: inout PostgresPredicateTranslator) -> PostgresOperand? {
        translator.membership(element: element, sequence: sequence).map(PostgresOperand.condition)
    }
}
