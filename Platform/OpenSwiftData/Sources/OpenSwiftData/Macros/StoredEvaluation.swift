import Foundation

// The predicate nodes for `evaluate(_:)` of a stored `Predicate` or `Expression` inside
// `#Predicate` and `#Expression` (SwiftData's `#Predicate` macros). Linux's Foundation has
// no `PredicateExpressions.PredicateEvaluate`, and its `ExpressionEvaluate` cannot go in a
// `Predicate`: it is a `StandardPredicateExpression` only when its expression operand is,
// and a `Value` of an `Expression` is not (Linux's `Expression` is not `Codable`).

extension PredicateExpressions {
    /// `predicate.evaluate(input)`: a stored predicate evaluated on a value of the
    /// enclosing predicate (`#Predicate<Item> { base.evaluate($0) && $0.stock > 0 }`).
    @_documentation(visibility: internal)
    public struct StoredPredicateEvaluate<Condition: PredicateExpression & Sendable, Input: PredicateExpression>:
        PredicateExpression
    where Condition.Output == Predicate<Input.Output> {
        public typealias Output = Bool

        /// The stored predicate: a captured constant, or a member of one.
        public let predicate: Condition
        /// The value it is evaluated on.
        public let input: Input

        /// The evaluation of `predicate` on `input`.
        ///
        /// - Parameters:
        ///   - predicate: The stored predicate.
        ///   - input: The value it is evaluated on.
        public init(predicate: Condition, input: Input) {
            self.predicate = predicate
            self.input = input
        }

        /// Evaluates the stored predicate on the input's value.
        ///
        /// - Parameter bindings: The values of the predicate's variables.
        /// - Throws: What evaluating the stored predicate or its input throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try predicate.evaluate(bindings).evaluate(input.evaluate(bindings))
        }
    }

    /// `expression.evaluate(input)`: a stored expression evaluated on a value of the
    /// enclosing predicate (`#Predicate<Item> { total.evaluate($0) > 100 }`).
    @_documentation(visibility: internal)
    public struct StoredExpressionEvaluate<
        Transformation: PredicateExpression & Sendable, Input: PredicateExpression, Output
    >: PredicateExpression
    where Transformation.Output == Expression<Input.Output, Output> {
        /// The stored expression: a captured constant, or a member of one.
        public let expression: Transformation
        /// The value it is evaluated on.
        public let input: Input

        /// The evaluation of `expression` on `input`.
        ///
        /// - Parameters:
        ///   - expression: The stored expression.
        ///   - input: The value it is evaluated on.
        public init(expression: Transformation, input: Input) {
            self.expression = expression
            self.input = input
        }

        /// Evaluates the stored expression on the input's value.
        ///
        /// - Parameter bindings: The values of the predicate's variables.
        /// - Throws: What evaluating the stored expression or its input throws.
        public func evaluate(_ bindings: PredicateBindings) throws -> Output {
            try expression.evaluate(bindings).evaluate(input.evaluate(bindings))
        }
    }

    /// What `#Predicate` expands `predicate.evaluate(input)` to: SwiftData's `#Predicate`
    /// writes the call as the subscript `predicate[input]` for Foundation's macro, which
    /// translates a subscript into this function.
    ///
    /// - Parameters:
    ///   - predicate: The stored predicate.
    ///   - input: The value it is evaluated on.
    @_documentation(visibility: internal)
    public static func build_subscript<Condition, Input>(
        _ predicate: Condition, _ input: Input
    ) -> StoredPredicateEvaluate<Condition, Input> {
        StoredPredicateEvaluate(predicate: predicate, input: input)
    }

    /// What `#Predicate` expands `expression.evaluate(input)` to (see the overload for a
    /// stored predicate).
    ///
    /// - Parameters:
    ///   - expression: The stored expression.
    ///   - input: The value it is evaluated on.
    @_documentation(visibility: internal)
    public static func build_subscript<Transformation, Input, Output>(
        _ expression: Transformation, _ input: Input
    ) -> StoredExpressionEvaluate<Transformation, Input, Output> {
        StoredExpressionEvaluate(expression: expression, input: input)
    }
}

extension PredicateExpressions.StoredPredicateEvaluate: CustomStringConvertible {
    public var description: String {
        "StoredPredicateEvaluate(predicate: \(predicate), input: \(input))"
    }
}

extension PredicateExpressions.StoredExpressionEvaluate: CustomStringConvertible {
    public var description: String {
        "StoredExpressionEvaluate(expression: \(expression), input: \(input))"
    }
}

extension PredicateExpressions.StoredPredicateEvaluate: Sendable where Input: Sendable {}

extension PredicateExpressions.StoredExpressionEvaluate: Sendable where Input: Sendable {}

// A `Predicate` holds only `StandardPredicateExpression`s, which are `Codable`. Linux's
// Foundation archives no `Predicate` or `Expression` (neither is `Codable` there), so these
// nodes, which hold one, cannot be archived either: encoding and decoding them throw.

extension PredicateExpressions.StoredPredicateEvaluate: StandardPredicateExpression
where Input: StandardPredicateExpression {}

extension PredicateExpressions.StoredExpressionEvaluate: StandardPredicateExpression
where Input: StandardPredicateExpression {}

extension PredicateExpressions.StoredPredicateEvaluate: Codable
where Input: StandardPredicateExpression {
    /// Refuses to archive the node.
    ///
    /// - Parameter encoder: The encoder, whose coding path the error gives.
    /// - Throws: `EncodingError.invalidValue`, always: this platform's Foundation archives no
    ///   `Predicate` or `Expression`.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, StoredEvaluationArchiving.encodingContext(encoder))
    }

    /// Refuses to unarchive a node.
    ///
    /// - Parameter decoder: The decoder, whose coding path the error gives.
    /// - Throws: `DecodingError.dataCorrupted`, always: this platform's Foundation archives no
    ///   `Predicate` or `Expression`.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(StoredEvaluationArchiving.decodingContext(decoder))
    }
}

extension PredicateExpressions.StoredExpressionEvaluate: Codable
where Input: StandardPredicateExpression {
    /// Refuses to archive the node.
    ///
    /// - Parameter encoder: The encoder, whose coding path the error gives.
    /// - Throws: `EncodingError.invalidValue`, always: this platform's Foundation archives no
    ///   `Predicate` or `Expression`.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, StoredEvaluationArchiving.encodingContext(encoder))
    }

    /// Refuses to unarchive a node.
    ///
    /// - Parameter decoder: The decoder, whose coding path the error gives.
    /// - Throws: `DecodingError.dataCorrupted`, always: this platform's Foundation archives no
    ///   `Predicate` or `Expression`.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(StoredEvaluationArchiving.decodingContext(decoder))
    }
}

/// The errors of archiving a stored predicate's or expression's evaluation.
private enum StoredEvaluationArchiving {
    static let reason =
        "evaluate(_:) of a stored Predicate or Expression cannot be archived: Foundation on this platform archives no Predicate or Expression"

    static func encodingContext(_ encoder: any Encoder) -> EncodingError.Context {
        EncodingError.Context(codingPath: encoder.codingPath, debugDescription: reason)
    }

    static func decodingContext(_ decoder: any Decoder) -> DecodingError.Context {
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: reason)
    }
}
