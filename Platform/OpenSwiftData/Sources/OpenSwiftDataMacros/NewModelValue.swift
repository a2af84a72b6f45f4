import SwiftSyntax

/// What `@Model` tells a property's init accessor about the value it receives: whether
/// it is the value a new model starts with for the property (`isNewModelValue`).
///
/// A new model's backing data starts with each attribute's declared default (the
/// schema's `defaultValue`) and NULL for the others, and with empty relationships. When
/// a property's init accessor receives that same value while the model has no backing
/// data yet, it stores nothing. So a fetched model, whose `init(backingData:)` applies
/// the class's initial values before its body installs the row's backing data, builds
/// no backing data for them.
///
/// The test must never say yes to a value a new model does not start with, so it is
/// written only for initial values that every evaluation gives alike: none or `nil`
/// (NULL, no target), `[]` and `[:]` (empty), and literal booleans, numbers and strings
/// (compared with the same literal). Any other initial value (`.movie`, `Date.now`,
/// `UUID()`) is stored; a fetched model of such a class builds backing data for it,
/// which `init(backingData:)` then replaces with the row's.
enum NewModelValue {
    /// The `isNewModelValue` argument of the property's init accessor.
    static func test(of binding: PatternBindingSyntax) -> String {
        guard let initializer = binding.initializer?.value, !initializer.is(NilLiteralExprSyntax.self) else {
            // No initial value (an optional's implicit one is nil) or an explicit nil.
            return "OpenSwiftData._isNil(initialValue)"
        }
        if isEmptyCollection(initializer) {
            return "OpenSwiftData._isEmptyCollection(initialValue)"
        }
        if isLiteral(initializer) {
            return "OpenSwiftData._isDefaultValue(initialValue, \(initializer.trimmedDescription))"
        }
        return "false"
    }

    private static func isEmptyCollection(_ expression: ExprSyntax) -> Bool {
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            if case .colon = dictionary.content { return true }
        }
        return false
    }

    /// A boolean, number or string literal without interpolation, possibly negated.
    private static func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(BooleanLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
            || expression.is(FloatLiteralExprSyntax.self)
        {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.is(IntegerLiteralExprSyntax.self)
                || prefix.expression.is(FloatLiteralExprSyntax.self)
        }
        return false
    }
}
