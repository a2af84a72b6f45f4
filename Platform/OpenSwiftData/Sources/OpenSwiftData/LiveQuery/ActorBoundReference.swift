/// A weak reference to an object of one actor's isolation domain, that a task off that
/// actor can carry and hand back to the actor: ``LiveQuery`` waits for saves off its actor,
/// so that the waiting holds neither the query nor the actor, and goes to the actor to
/// apply each save.
// @unchecked Sendable: both weak references are set once, in `init`, and `object` is handed
// out only on the actor it was made on (`object(on:)` checks), so it stays in its domain.
final class ActorBoundReference<Object: AnyObject>: @unchecked Sendable {
    private weak var object: Object?
    private weak var actor: (any Actor)?

    init(_ object: Object, isolation: isolated any Actor) {
        self.object = object
        self.actor = isolation
    }

    /// The object's actor, while something else holds it.
    var owner: (any Actor)? { actor }

    /// The object, while something else holds it. Only its own actor may ask.
    func object(on isolation: isolated any Actor) -> Object? {
        precondition(isolation === actor, "an actor-bound reference is read on another actor")
        return object
    }
}
