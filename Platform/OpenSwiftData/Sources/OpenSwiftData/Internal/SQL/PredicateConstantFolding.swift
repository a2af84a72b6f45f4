import Foundation

// Parts of a predicate that read no model (`query.isEmpty`, `limits.max()`) are
// evaluated before the translation, so that SQL receives their value: a branch decided
// by constants (`query.isEmpty || $0.title.localizedStandardContains(query)`) costs no
// SQL, and the other branch is translated alone.

/// The predicate variables: a subtree that holds one reads a model (or a closure's element).
protocol PredicateVariableMarker {}

extension PredicateExpressions.Variable: PredicateVariableMarker {}

/// A constant of the predicate, whose value is not walked.
protocol PredicateValueMarker {}

extension PredicateExpressions.Value: PredicateValueMarker {}

extension PredicateTranslator {
    /// The value of an expression that reads no variable, evaluated as Foundation does;
    /// nil when it reads one, or its evaluation throws.
    static func constant(_ expression: Any) -> Any? {
        guard let predicateExpression = expression as? any PredicateExpression, readsNoVariable(expression) else {
            return nil
        }
        return evaluate(predicateExpression)
    }

    private static func evaluate<E: PredicateExpression>(_ expression: E) -> Any? {
        do {
            return try expression.evaluate(PredicateBindings()) as Any
        } catch {
            return nil
        }
    }

    /// Whether no node under `expression` is a variable: the children that are
    /// expressions are walked, a constant's value is not.
    private static func readsNoVariable(_ expression: Any) -> Bool {
        if expression is any PredicateVariableMarker { return false }
        if expression is any PredicateValueMarker { return true }
        for child in Mirror(reflecting: expression).children where child.value is any PredicateExpression {
            guard readsNoVariable(child.value) else { return false }
        }
        return true
    }
}
