import Foundation
internal import GRDB

/// Predicates of the shapes apps fetch with most (comparisons of stored attributes with
/// constants, joined by `&&`, `||` and `!`), translated to SQL once per shape and then
/// reused with each fetch's constants bound: a lookup by key in a loop translates its
/// predicate once, not at every fetch.
///
/// A predicate's shape is its expression's type, the key paths it reads, its comparison
/// operators, and which of its constants are `nil` (the SQL differs for `nil`)
/// (``PredicateShape``). It is read by a walk of the expression
/// (``PredicateShapeCollecting``), which collects the constants too. The walk of an
/// expression type, and the templates of its shapes, are kept by the entity
/// (``PredicateTemplateCache``): a lookup in a loop casts its expression to a walkable
/// one once, and finds its template by comparing tokens, not by hashing them.
///
/// A template is made from the general translation (``PredicateTranslator``) of the first
/// predicate of its shape, and only when that translation's arguments are exactly the
/// predicate's non-nil constants, in the walk's order, encoded by their attributes'
/// codecs, and distinct from one another, so that no two could have been swapped. A shape
/// whose translation is not so is translated every time, as any other predicate.
enum PredicateTemplates {
    /// The condition for `predicate`, from the entity's template for its shape, made now
    /// if there is none; nil when the shape is not one templates serve.
    static func condition<T>(for predicate: Predicate<T>, entity: EntityDescriptor, cache: ContextFetchCache)
        -> SQLCondition?
    {
        let expression = predicate.expression
        let expressionType = ObjectIdentifier(type(of: expression))
        var known = cache.shapes(of: expressionType, expression: expression, entity: entity)
        guard let walker = known.walker else { return nil }
        var collector = PredicateShapeCollector(variable: predicate.variable.key)
        walker.walk(expression, into: &collector)
        guard collector.isSupported else { return nil }
        var outcome = known.outcome(for: collector.tokens)
        if outcome == nil {
            known = cache.shapes(of: expressionType, expression: expression, entity: entity, refresh: true)
            outcome = known.outcome(for: collector.tokens)
        }
        switch outcome {
        case .template(let template)?:
            return template.condition(binding: collector.constants)
        case .notTemplated?:
            return nil
        case nil:
            // Walked again for the key paths, which only making a template reads.
            var making = PredicateShapeCollector(variable: predicate.variable.key, collectsKeyPaths: true)
            walker.walk(expression, into: &making)
            let made = PredicateTemplate.make(for: predicate, constants: making.constants, entity: entity)
            // A translation whose constants could be told apart is final; otherwise the
            // next predicate of the shape tries again.
            if let outcome = made.outcome {
                entity.predicateTemplates.record(
                    outcome, for: PredicateShape(expressionType: expressionType, tokens: collector.tokens),
                    keyPaths: making.keyPaths)
                _ = cache.shapes(of: expressionType, expression: expression, entity: entity, refresh: true)
            }
            return made.condition
        }
    }

    /// The predicate's shape and constants, when templates serve its shape.
    static func walk<T>(_ predicate: Predicate<T>) -> (PredicateShape, PredicateShapeCollector)? {
        let expression = predicate.expression
        guard let walker = PredicateTemplateCache.walker(for: expression) else { return nil }
        var collector = PredicateShapeCollector(variable: predicate.variable.key)
        walker.walk(expression, into: &collector)
        guard collector.isSupported else { return nil }
        let shape = PredicateShape(expressionType: ObjectIdentifier(type(of: expression)), tokens: collector.tokens)
        return (shape, collector)
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
        // With room for a fetch's `LIMIT` and `OFFSET` (``FetchPlan``).
        arguments.reserveCapacity(constants.count + 2)
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
