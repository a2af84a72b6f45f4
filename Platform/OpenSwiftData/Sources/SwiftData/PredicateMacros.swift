// `#Predicate` and `#Expression` over models, which also accept `evaluate(_:)` of a stored
// `Predicate` or `Expression`, as Apple's Foundation does and Linux's does not.
//
// Swift does not let a re-exporting module's macro shadow the re-exported module's macro
// of the same signature (both are found, and the use is ambiguous). These require their
// inputs to be models: overload resolution prefers them, for a predicate over models, as
// the more specialized. Their signature is otherwise Foundation's, so that the closure's
// body type-checks alike under both and does not sway the choice. Predicates over other
// types keep Foundation's macros.

/// Creates a predicate from a closure, as Foundation's `#Predicate` does, with
/// `evaluate(_:)` of a stored `Predicate` supported:
///
/// ```swift
/// let inStock = #Predicate<Item> { $0.stock > 0 }
/// let named = #Predicate<Item> { inStock.evaluate($0) && $0.name == name }
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
/// let pricePerKilo = #Expression<Item, Double> { $0.price / $0.weight }
/// let doubled = #Expression<Item, Double> { pricePerKilo.evaluate($0) * 2 }
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
// translates a subscript into `PredicateExpressions.build_subscript`. The compiler
// type-checks the closure before the macro expands it, and does so without effects
// checking (as it does `evaluate(_:)` without `try`); an unavailable subscript would be
// diagnosed there, so these are available, and do what `evaluate(_:)` does.

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
