import Foundation

/// A predicate node whose shape and constants ``PredicateTemplates`` can read. The
/// conformances are conditional on the node's children, so that one cast of the root
/// answers for the whole tree, and the walk calls each node directly.
protocol PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector)
}

extension PredicateExpressions.Variable: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        // Only the predicate's own variable: a nested one (`contains { … }`) is not served.
        if key != collector.variable { collector.isSupported = false }
        collector.tokens.append(.variable)
    }
}

extension PredicateExpressions.Value: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        let isNil = PredicateTranslator.unwrap(value) == nil
        collector.tokens.append(.constant(isNil: isNil))
        collector.constants.append(PredicateConstant(value: value))
    }
}

extension PredicateExpressions.KeyPath: PredicateShapeCollecting where Root: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        root.collectShape(into: &collector)
        collector.tokens.append(.keyPath(keyPath))
    }
}

extension PredicateExpressions.Equal: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(.equal)
        collector.collectComparison(lhs, rhs)
    }
}

extension PredicateExpressions.NotEqual: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(.notEqual)
        collector.collectComparison(lhs, rhs)
    }
}

extension PredicateExpressions.Comparison: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(.comparison(op))
        collector.collectComparison(lhs, rhs)
    }
}

extension PredicateExpressions.Conjunction: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(.conjunction)
        lhs.collectShape(into: &collector)
        rhs.collectShape(into: &collector)
    }
}

extension PredicateExpressions.Disjunction: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(.disjunction)
        lhs.collectShape(into: &collector)
        rhs.collectShape(into: &collector)
    }
}

extension PredicateExpressions.Negation: PredicateShapeCollecting where Wrapped: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(.negation)
        wrapped.collectShape(into: &collector)
    }
}
