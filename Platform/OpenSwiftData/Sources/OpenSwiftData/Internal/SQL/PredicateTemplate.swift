import Foundation
internal import GRDB

/// Predicates of the shapes apps fetch with most (comparisons of stored attributes with
/// constants, joined by `&&`, `||` and `!`), translated to SQL once per shape and then
/// reused with each fetch's constants bound: a lookup by key in a loop translates its
/// predicate once, not at every fetch.
///
/// A predicate's shape is its expression's type, the key paths it reads, and which of
/// its constants are `nil` (the SQL differs for `nil`). It is read by a walk of the
/// expression (``PredicateShapeCollecting``), which collects the constants too, each with
/// the key path of the attribute it is compared with.
///
/// A template is made from the general translation (``PredicateTranslator``) of the first
/// predicate of its shape, and only when that translation's arguments are exactly the
/// predicate's non-nil constants, in the walk's order, encoded by their attributes'
/// codecs, and distinct from one another, so that no two could have been swapped. A shape
/// whose translation is not so is translated every time, as any other predicate.
enum PredicateTemplates {
    /// The condition for `predicate`, from the entity's template for its shape, made now
    /// if there is none; nil when the shape is not one templates serve.
    static func condition<T>(for predicate: Predicate<T>, entity: EntityDescriptor) -> SQLCondition? {
        guard let (shape, collector) = walk(predicate) else { return nil }
        switch entity.predicateTemplates.withLock({ $0[shape] }) {
        case .template(let template)?:
            return template.condition(binding: collector.constants)
        case .notTemplated?:
            return nil
        case nil:
            let made = PredicateTemplate.make(for: predicate, constants: collector.constants, entity: entity)
            // A translation whose constants could be told apart is final; otherwise the
            // next predicate of the shape tries again.
            if let outcome = made.outcome { entity.predicateTemplates.withLock { $0[shape] = outcome } }
            return made.condition
        }
    }
}

extension PredicateTemplates {
    /// The predicate's shape and constants, when templates serve its shape.
    static func walk<T>(_ predicate: Predicate<T>) -> (PredicateShape, PredicateShapeCollector)? {
        guard let walkable = predicate.expression as? any PredicateShapeCollecting else { return nil }
        var collector = PredicateShapeCollector(variable: predicate.variable.key)
        walkable.collectShape(into: &collector)
        guard collector.isSupported else { return nil }
        let shape = PredicateShape(
            expressionType: ObjectIdentifier(type(of: predicate.expression)), tokens: collector.tokens)
        return (shape, collector)
    }
}

/// What a predicate's SQL depends on besides its constants' values.
struct PredicateShape: Hashable, Sendable {
    let expressionType: ObjectIdentifier
    let tokens: [PredicateShapeToken]
}

/// One node of a predicate's shape, in the order of the walk.
// @unchecked Sendable: a key path is an immutable object that Swift does not yet mark
// `Sendable`; checked by `ConcurrentSchemaUseTests` under the thread sanitizer.
enum PredicateShapeToken: Hashable, @unchecked Sendable {
    case variable
    case keyPath(AnyKeyPath)
    case constant(isNil: Bool)
    case equal, notEqual, conjunction, disjunction, negation
    case comparison(PredicateExpressions.ComparisonOperator)
}

/// A predicate's constants, with the key path of the attribute each is compared with.
struct PredicateConstant {
    let value: Any
    var keyPath: AnyKeyPath?
}

/// What the walk of a predicate collects.
struct PredicateShapeCollector {
    let variable: PredicateExpressions.VariableID
    var tokens: [PredicateShapeToken] = []
    var constants: [PredicateConstant] = []
    /// False once the walk met something templates do not serve.
    var isSupported = true

    init(variable: PredicateExpressions.VariableID) {
        self.variable = variable
    }

    /// Walks the two operands of a comparison: one attribute of the fetched row and one
    /// constant, whose key path it records.
    mutating func collectComparison(_ lhs: some PredicateShapeCollecting, _ rhs: some PredicateShapeCollecting) {
        let firstConstant = constants.count
        let firstToken = tokens.count
        lhs.collectShape(into: &self)
        rhs.collectShape(into: &self)
        let keyPaths = tokens[firstToken...].compactMap { token -> AnyKeyPath? in
            if case .keyPath(let keyPath) = token { return keyPath }
            return nil
        }
        guard constants.count == firstConstant + 1, keyPaths.count == 1 else {
            isSupported = false
            return
        }
        constants[firstConstant].keyPath = keyPaths[0]
    }
}

/// Whether the entity's predicates of one shape use a template.
enum PredicateTemplateOutcome: Sendable {
    case template(PredicateTemplate)
    case notTemplated
}

/// The SQL of one predicate shape, and how to encode a predicate's constants for it.
struct PredicateTemplate: Sendable {
    let sql: String
    let isExact: Bool
    /// For each constant of the shape, the codec that encodes it; nil for a `nil`
    /// constant, which is written in the SQL, not bound.
    let codecs: [AttributeCodec?]

    /// The condition for a predicate of this shape whose constants are `constants`.
    func condition(binding constants: [PredicateConstant]) -> SQLCondition? {
        var arguments: [DatabaseValue] = []
        arguments.reserveCapacity(constants.count)
        for (constant, codec) in zip(constants, codecs) {
            guard let codec else { continue }
            guard let unwrapped = PredicateTranslator.unwrap(constant.value),
                !Self.needsCanonicalComparison(unwrapped, codec: codec),
                let encoded = try? codec.encodeWrapped(unwrapped)
            else { return nil }
            arguments.append(encoded.databaseValue)
        }
        return SQLCondition(fragment: SQLFragment(sql, arguments), isExact: isExact)
    }

    /// Whether a constant is a string that other strings are equivalent to: its
    /// comparison's SQL is not the one of the shape's other strings
    /// (``CanonicalEquality``), so it is translated on its own.
    static func needsCanonicalComparison(_ value: Any, codec: AttributeCodec) -> Bool {
        guard codec.isString, let text = value as? String else { return false }
        return !CanonicalEquality.isCanonicallyUnique(text)
    }

    /// Translates `predicate` and makes a template of its translation when its
    /// arguments are its constants as the template would bind them. `outcome` is nil when
    /// this predicate cannot tell (its constants are not distinct).
    static func make<T>(for predicate: Predicate<T>, constants: [PredicateConstant], entity: EntityDescriptor)
        -> (condition: SQLCondition?, outcome: PredicateTemplateOutcome?)
    {
        guard let condition = PredicateTranslator.condition(for: predicate, entity: entity) else {
            return (nil, .notTemplated)
        }
        var codecs: [AttributeCodec?] = []
        var expected: [DatabaseValue] = []
        for constant in constants {
            guard PredicateTranslator.unwrap(constant.value) != nil else {
                codecs.append(nil)
                continue
            }
            guard let keyPath = constant.keyPath, let index = entity.propertyIndexByKeyPath[keyPath],
                let codec = entity.attributeCodecs[index]
            else { return (condition, .notTemplated) }
            // A template is made from the shape's plain strings only.
            if Self.needsCanonicalComparison(PredicateTranslator.unwrap(constant.value) as Any, codec: codec) {
                return (condition, nil)
            }
            let template = PredicateTemplate(sql: "", isExact: true, codecs: [codec])
            guard let encoded = template.condition(binding: [constant])?.fragment.arguments.first else {
                return (condition, .notTemplated)
            }
            codecs.append(codec)
            expected.append(encoded)
        }
        guard condition.fragment.arguments == expected else { return (condition, .notTemplated) }
        guard Set(expected).count == expected.count else { return (condition, nil) }
        let template = PredicateTemplate(sql: condition.fragment.sql, isExact: condition.isExact, codecs: codecs)
        return (condition, .template(template))
    }
}
