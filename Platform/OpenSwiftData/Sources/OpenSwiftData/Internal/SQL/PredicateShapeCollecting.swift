import Foundation

/// A predicate node whose shape and constants ``PredicateTemplates`` can read. The
/// conformances are conditional on the node's children, so that one cast of the root
/// answers for the whole tree (made once per expression type: ``PredicateShapeWalker``),
/// and the walk calls each node directly.
protocol PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector)
}

extension PredicateExpressions.Variable: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        // Only the predicate's own variable: a nested one (`contains { … }`) is not served.
        if key != collector.variable { collector.isSupported = false }
        collector.tokens.append(PredicateShapeToken.variable)
    }
}

extension PredicateExpressions.Value: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        let isNil = PredicateTranslator.unwrap(value) == nil
        collector.tokens.append(isNil ? PredicateShapeToken.nilConstant : PredicateShapeToken.constant)
        collector.constants.append(PredicateConstant(value: value))
    }
}

extension PredicateExpressions.KeyPath: PredicateShapeCollecting where Root: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        root.collectShape(into: &collector)
        collector.appendKeyPath(keyPath)
    }
}

extension PredicateExpressions.Equal: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(PredicateShapeToken.equal)
        collector.collectComparison(lhs, rhs)
    }
}

extension PredicateExpressions.NotEqual: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(PredicateShapeToken.notEqual)
        collector.collectComparison(lhs, rhs)
    }
}

extension PredicateExpressions.Comparison: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        guard let token = PredicateShapeToken.comparison(op) else {
            collector.isSupported = false
            return
        }
        collector.tokens.append(token)
        collector.collectComparison(lhs, rhs)
    }
}

extension PredicateExpressions.Conjunction: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(PredicateShapeToken.conjunction)
        lhs.collectShape(into: &collector)
        rhs.collectShape(into: &collector)
    }
}

extension PredicateExpressions.Disjunction: PredicateShapeCollecting
where LHS: PredicateShapeCollecting, RHS: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(PredicateShapeToken.disjunction)
        lhs.collectShape(into: &collector)
        rhs.collectShape(into: &collector)
    }
}

extension PredicateExpressions.Negation: PredicateShapeCollecting where Wrapped: PredicateShapeCollecting {
    func collectShape(into collector: inout PredicateShapeCollector) {
        collector.tokens.append(PredicateShapeToken.negation)
        wrapped.collectShape(into: &collector)
    }
}
