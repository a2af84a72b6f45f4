import Foundation

/// What a predicate's SQL depends on besides its constants' values: its expression's type,
/// and the walk's tokens (``PredicateShapeCollector``).
struct PredicateShape: Hashable, Sendable {
    let expressionType: ObjectIdentifier
    let tokens: [Int]
}

/// The nodes of a predicate's shape, each one `Int`, in the order of the walk.
///
/// The expression's type already fixes the tree (which node has which children); the
/// tokens say what the type does not: which key paths it reads, which comparison
/// operators it applies, and which of its constants are `nil`. A key path is its
/// object's address, which the template cache keeps alive (``PredicateTemplateCache``),
/// so that no other key path can take that address while a shape names it. Addresses are
/// never below a page, so they never equal the small codes of the other nodes.
enum PredicateShapeToken {
    static let variable = 0
    static let nilConstant = 1
    static let constant = 2
    static let equal = 3
    static let notEqual = 4
    static let conjunction = 5
    static let disjunction = 6
    static let negation = 7
    /// Nil for an operator Foundation adds later, which templates do not serve: two of
    /// them would otherwise share a token.
    static func comparison(_ operator: PredicateExpressions.ComparisonOperator) -> Int? {
        switch `operator` {
        case .lessThan: 8
        case .lessThanOrEqual: 9
        case .greaterThan: 10
        case .greaterThanOrEqual: 11
        @unknown default: nil
        }
    }
    static func keyPath(_ keyPath: AnyKeyPath) -> Int {
        Int(bitPattern: ObjectIdentifier(keyPath))
    }
}

/// A predicate's constants, with the key path of the attribute each is compared with
/// (collected when a template is made: ``PredicateShapeCollector/collectsKeyPaths``).
struct PredicateConstant {
    let value: Any
    var keyPath: AnyKeyPath?
}

/// What the walk of a predicate collects.
struct PredicateShapeCollector {
    let variable: PredicateExpressions.VariableID
    /// Whether the walk also collects the key paths (``keyPaths``, and each constant's):
    /// only the walk that makes a template needs them.
    let collectsKeyPaths: Bool
    var tokens: [Int] = []
    var constants: [PredicateConstant] = []
    /// The key paths read, in the walk's order, when ``collectsKeyPaths``.
    var keyPaths: [AnyKeyPath] = []
    /// The number of key paths read so far.
    var keyPathCount = 0
    /// False once the walk met something templates do not serve.
    var isSupported = true

    init(variable: PredicateExpressions.VariableID, collectsKeyPaths: Bool = false) {
        self.variable = variable
        self.collectsKeyPaths = collectsKeyPaths
        // One allocation each for the usual predicates (a few comparisons).
        tokens.reserveCapacity(16)
        constants.reserveCapacity(4)
    }

    mutating func appendKeyPath(_ keyPath: AnyKeyPath) {
        tokens.append(PredicateShapeToken.keyPath(keyPath))
        keyPathCount += 1
        if collectsKeyPaths { keyPaths.append(keyPath) }
    }

    /// Walks the two operands of a comparison: one attribute of the fetched row and one
    /// constant, whose key path it records when ``collectsKeyPaths``.
    mutating func collectComparison(_ lhs: some PredicateShapeCollecting, _ rhs: some PredicateShapeCollecting) {
        let firstConstant = constants.count
        let firstKeyPath = keyPathCount
        lhs.collectShape(into: &self)
        rhs.collectShape(into: &self)
        guard constants.count == firstConstant + 1, keyPathCount == firstKeyPath + 1 else {
            isSupported = false
            return
        }
        if collectsKeyPaths { constants[firstConstant].keyPath = keyPaths[firstKeyPath] }
    }
}
