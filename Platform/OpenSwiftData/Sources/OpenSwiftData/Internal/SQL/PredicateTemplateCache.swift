import Foundation

/// An entity's predicate templates (``PredicateTemplates``), by expression type: for
/// each type, how to walk its expressions, and the outcome of each shape met so far.
final class PredicateTemplateCache: Sendable {
    /// The most shapes kept per expression type: shapes differ by key path and operator,
    /// which code fixes, but key paths made at run time could otherwise grow it without
    /// end. Later shapes are translated at each fetch.
    static let shapesPerType = 64

    private let byType = Locked<[ObjectIdentifier: ExpressionShapes]>([:])

    /// The walker and known shapes of expressions of `expressionType`, which `expression`
    /// is; their walker is nil when templates do not serve that type (a node of it is not
    /// walkable). Contexts keep a copy (``ContextFetchCache``).
    func shapes(of expressionType: ObjectIdentifier, expression: any StandardPredicateExpression<Bool>)
        -> ExpressionShapes
    {
        if let known = byType.withLock({ $0[expressionType] }) { return known }
        // Made outside the lock: the cast looks up conformances, and may run long.
        let made = ExpressionShapes(walker: Self.walker(for: expression), shapes: [])
        byType.withLock { byType in
            if byType[expressionType] == nil { byType[expressionType] = made }
        }
        return made
    }

    /// The walker of `expression`'s type, or nil when some node of it is not walkable.
    static func walker(for expression: any StandardPredicateExpression<Bool>) -> (any PredicateShapeWalking)? {
        guard let walkable = expression as? any PredicateShapeCollecting else { return nil }
        func walker<Walkable: PredicateShapeCollecting>(_: Walkable) -> any PredicateShapeWalking {
            PredicateShapeWalker<Walkable>()
        }
        return walker(walkable)
    }

    /// Keeps the outcome of a shape, and the key paths its tokens name, alive with it.
    func record(_ outcome: PredicateTemplateOutcome, for shape: PredicateShape, keyPaths: [AnyKeyPath]) {
        byType.withLock { byType in
            guard var known = byType[shape.expressionType], known.outcome(for: shape.tokens) == nil,
                known.shapes.count < Self.shapesPerType
            else { return }
            known.shapes.append(KnownShape(tokens: shape.tokens, outcome: outcome, keyPaths: KeptKeyPaths(keyPaths)))
            byType[shape.expressionType] = known
        }
    }

    /// The outcome recorded for `shape`, if any.
    func outcome(for shape: PredicateShape) -> PredicateTemplateOutcome? {
        byType.withLock { $0[shape.expressionType] }?.outcome(for: shape.tokens)
    }

    /// Every outcome recorded.
    var outcomes: [PredicateTemplateOutcome] {
        byType.withLock { byType in byType.values.flatMap { $0.shapes.map(\.outcome) } }
    }
}

/// How to walk the expressions of one type, and the shapes of it met so far.
struct ExpressionShapes: Sendable {
    /// Nil when templates do not serve the type.
    let walker: (any PredicateShapeWalking)?
    var shapes: [KnownShape]

    /// The outcome of the shape of these tokens: a linear search, as an expression type
    /// has few shapes (usually one), and comparing arrays of `Int` costs less than
    /// hashing them.
    func outcome(for tokens: [Int]) -> PredicateTemplateOutcome? {
        for shape in shapes where shape.tokens == tokens { return shape.outcome }
        return nil
    }
}

/// One shape of an expression type, and its outcome.
struct KnownShape: Sendable {
    let tokens: [Int]
    let outcome: PredicateTemplateOutcome
    /// The key paths whose addresses the tokens hold: kept so that no other key path
    /// takes one of those addresses while the shape is known.
    let keyPaths: KeptKeyPaths
}

// @unchecked Sendable: key paths are immutable objects that Swift does not yet mark
// `Sendable`, only kept here, never read; `ConcurrentSchemaUseTests` runs under TSan.
struct KeptKeyPaths: @unchecked Sendable {
    let keyPaths: [AnyKeyPath]
    init(_ keyPaths: [AnyKeyPath]) { self.keyPaths = keyPaths }
}

/// Walks expressions of one type into a ``PredicateShapeCollector``.
protocol PredicateShapeWalking: Sendable {
    func walk(_ expression: any StandardPredicateExpression<Bool>, into collector: inout PredicateShapeCollector)
}

/// The walk of expressions of type `Expression`: its conformance to
/// ``PredicateShapeCollecting``, looked up once for the type.
struct PredicateShapeWalker<Expression: PredicateShapeCollecting>: PredicateShapeWalking {
    func walk(_ expression: any StandardPredicateExpression<Bool>, into collector: inout PredicateShapeCollector) {
        // A checked cast; the cache only walks expressions of the type it made this for.
        (expression as! Expression).collectShape(into: &collector)
    }
}
