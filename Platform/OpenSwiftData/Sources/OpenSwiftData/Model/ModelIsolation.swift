import Dispatch

/// The schema description of a `@Model` class, whatever the class's isolation.
///
/// `PersistentModel` is `SendableMetatype`, as SwiftData's is, so its requirements are
/// nonisolated, and `@Model` makes the class's conformance nonisolated: in a module whose
/// default isolation is the main actor (Xcode's default for new app targets), that takes
/// the class out of the default, and its key paths are made anywhere. A class isolated to
/// the main actor in so many words keeps that isolation: its key paths can be written only
/// in a main-actor context, which `body` is. `@Model` writes `schemaMetadata` as a call of
/// this function, which runs `body` on the main actor for such a class (where it is called
/// for any other), and records the classes isolated to the main actor, whose models contexts
/// then use on the main actor only (``EntityDescriptor/isIsolatedToMainActor``).
/// Implementation detail of `@Model`.
///
/// - Parameters:
///   - model: The class described.
///   - isolation: A function declared in the class without an isolation of its own: it
///     has the class's.
///   - body: Makes the description; it reads the class's key paths and default values.
/// - Returns: What `body` returns.
@_documentation(visibility: internal)
public func _modelSchemaMetadata(
    for model: any PersistentModel.Type, isolation: @isolated(any) () -> Void,
    _ body: @MainActor () -> [Schema.PropertyMetadata]
) -> [Schema.PropertyMetadata] {
    let isolatedToMainActor = isolation.isolation.map { ObjectIdentifier($0) == ObjectIdentifier(MainActor.shared) }
    if isolatedToMainActor == true {
        MainActorModels.record(model)
        // Off the main actor, made on it: the default values of the class's declarations are
        // main-actor code. Read once per class, when the first container or model of the
        // class needs it, before the library takes any lock.
        if !MainQueue.isCurrent { return DispatchQueue.main.sync { MainActor.assumeIsolated { body() } } }
    }
    return withoutActuallyEscaping(body) { body in
        // Unchecked cast: a synchronous `@MainActor` function and a nonisolated one have the
        // same representation. Called here on the main actor (checked above), or for a class
        // without isolation, whose key paths and default values are nonisolated code.
        unsafeBitCast(body, to: (() -> [Schema.PropertyMetadata]).self)()
    }
}

/// The `@Model` classes isolated to the main actor, as their schema descriptions found:
/// a context checks that their models are used on the main actor
/// (``EntityDescriptor/isIsolatedToMainActor``).
enum MainActorModels {
    private static let types = Locked<Set<ObjectIdentifier>>([])

    static func record(_ model: any PersistentModel.Type) {
        _ = types.withLock { $0.insert(ObjectIdentifier(model)) }
    }

    /// Whether `model`'s schema description, read already, found it isolated to the main actor.
    static func contains(_ model: any PersistentModel.Type) -> Bool {
        types.withLock { $0.contains(ObjectIdentifier(model)) }
    }
}
