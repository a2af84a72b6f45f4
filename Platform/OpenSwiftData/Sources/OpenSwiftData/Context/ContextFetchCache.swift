import Foundation

/// What a context's fetches reuse from one fetch to the next, kept by the context: a
/// lookup repeated in a loop finds its predicate's walker and template, and its `SELECT`
/// text, here, without a lock.
///
/// The entity's caches (``PredicateTemplateCache``, ``SelectTexts``) are shared by every
/// context of the schema, behind locks. A context is used in one isolation domain at a
/// time (its models are not `Sendable`), so what it keeps for itself needs no lock, and a
/// fetch repeated on several threads at once takes no lock that the others take. It asks
/// the shared caches only for what it has not met yet.
final class ContextFetchCache {
    /// The walker and known shapes of each predicate expression type met, by entity:
    /// copies of the entity's, taken again when a shape is not among them.
    private var expressionShapes: [Key: ExpressionShapes] = [:]
    /// The entry of ``expressionShapes`` asked for last, which a fetch in a loop asks
    /// again: compared, not hashed.
    private var lastShapes: (key: Key, shapes: ExpressionShapes)?
    /// The `SELECT` text asked for last.
    var lastSelect: LastSelectText?

    private struct Key: Hashable {
        let entity: ObjectIdentifier
        let expressionType: ObjectIdentifier
    }

    /// The walker and known shapes of `expression`'s type (`expressionType`) on `entity`.
    /// `refresh` takes them from the entity again, for a shape this context has not met:
    /// another context may have met it since.
    func shapes(
        of expressionType: ObjectIdentifier, expression: any StandardPredicateExpression<Bool>,
        entity: EntityDescriptor, refresh: Bool = false
    ) -> ExpressionShapes {
        let key = Key(entity: ObjectIdentifier(entity), expressionType: expressionType)
        if !refresh {
            if let lastShapes, lastShapes.key == key { return lastShapes.shapes }
            if let known = expressionShapes[key] {
                lastShapes = (key, known)
                return known
            }
        }
        let shared = entity.predicateTemplates.shapes(of: expressionType, expression: expression)
        expressionShapes[key] = shared
        lastShapes = (key, shared)
        return shared
    }
}

/// A `SELECT` text, the shape it was built for, and the query whose texts it is from
/// (see ``EntityQuery/selectText(for:last:)``).
struct LastSelectText {
    let texts: SelectTexts
    let shape: SelectShape
    let text: String
}
