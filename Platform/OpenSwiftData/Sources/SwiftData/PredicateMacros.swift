// `#Predicate` and `#Expression` of one input, which also accept `evaluate(_:)` of a stored
// `Predicate` or `Expression`, as Apple's Foundation does and Linux's does not.
//
// Swift does not let a re-exporting module's macro shadow the re-exported module's macro
// of the same signature (both are found, and the use is ambiguous). These take one input
// type instead of Foundation's parameter pack: overload resolution prefers them, for a
// predicate of one input, as the more specialized; predicates of several inputs keep
// Foundation's macros.

/// Creates a predicate from a closure, as Foundation's `#Predicate` does, with
/// `evaluate(_:)` of a stored `Predicate` supported:
///
/// ```swift
/// let available = #Predicate<Item> { $0.stock > 0 }
/// let named = #Predicate<Item> { available.evaluate($0) && $0.name == name }
/// ```
///
/// `evaluate(_:)` of a stored `Expression` is supported too
/// (`#Predicate<Item> { total.evaluate($0) > 100 }`). A fetch translates the stored
/// predicate or expression into SQL as part of the predicate that evaluates it.
@freestanding(expression)
public macro Predicate<each Input: PersistentModel>(_ body: (repeat each Input) -> Bool) -> Predicate<
    repeat each Input
> =
    #externalMacro(module: "OpenSwiftDataMacros", type: "EvaluatingPredicateMacro")

/// Creates an expression from a closure, as Foundation's `#Expression` does, with
/// `evaluate(_:)` of a stored `Predicate` or `Expression` supported:
///
/// ```swift
/// let subtotal = #Expression<Item, Double> { $0.price * $0.weight }
/// let total = #Expression<Item, Double> { subtotal.evaluate($0) + $0.shipping }
/// ```
@freestanding(expression)
public macro Expression<each Input: PersistentModel, Output>(_ body: (repeat each Input) -> Output) -> Expression<
    repeat each Input, Output
> =
    #externalMacro(module: "OpenSwiftDataMacros", type: "EvaluatingExpressionMacro")

/// Implementation detail of `#Predicate`: Foundation's own `#Predicate`, which expands the
/// closure once `evaluate(_:)` calls are rewritten.
@freestanding(expression)
public macro _FoundationPredicate<each Input>(_ body: (repeat each Input) -> Bool) -> Predicate<repeat each Input> =
    #externalMacro(module: "FoundationMacros", type: "PredicateMacro")

/// Implementation detail of `#Expression`: Foundation's own `#Expression`, which expands the
/// closure once `evaluate(_:)` calls are rewritten.
@freestanding(expression)
public macro _FoundationExpression<each Input, Output>(
    _ body: (repeat each Input) -> Output
) -> Expression<repeat each Input, Output> = #externalMacro(module: "FoundationMacros", type: "ExpressionMacro")

// The form `#Predicate` and `#Expression` give `evaluate(_:)` for Foundation's macro, which
// type-checks its closure before it expands it. Unavailable: the macros expand the
// subscript into the predicate node that evaluates the stored one
// (`PredicateExpressions.build_subscript`), and nothing calls it.

extension Predicate {
    /// Implementation detail of `#Predicate` and `#Expression`: `predicate.evaluate(input)`
    /// as Foundation's macro receives it.
    public subscript(_ input: repeat each Input) -> Bool {
        get throws { try evaluate(repeat each input) }
    }
}

extension Expression {
    /// Implementation detail of `#Predicate` and `#Expression`: `expression.evaluate(input)`
    /// as Foundation's macro receives it.
    public subscript(_ input: repeat each Input) -> Output {
        get throws { try evaluate(repeat each input) }
    }
}
