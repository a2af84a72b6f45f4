import Foundation

// `evaluate(_:)` of a stored predicate or expression: the stored one's expression is
// translated in place, with its variable standing for what the call's input stands for.

extension PredicateExpressions.StoredPredicateEvaluate: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        guard case .value(let value)? = translator.operand(predicate),
            let stored = value as? Predicate<Input.Output>,
            let argument = translator.operand(input)
        else { return nil }
        var inner = translator
        inner.variables[stored.variable.key] = argument
        return inner.operand(stored.expression)
    }
}

extension PredicateExpressions.StoredExpressionEvaluate: SQLTranslatableExpression {
    func operand(in translator: PredicateTranslator) -> PredicateOperand? {
        guard case .value(let value)? = translator.operand(expression),
            let stored = value as? Expression<Input.Output, Output>,
            let argument = translator.operand(input)
        else { return nil }
        var inner = translator
        inner.variables[stored.variable.key] = argument
        return inner.operand(stored.expression)
    }
}
