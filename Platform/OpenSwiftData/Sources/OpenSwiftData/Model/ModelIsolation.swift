/// The schema description of a `@Model` class, whatever the class's isolation.
///
/// `PersistentModel` is `SendableMetatype`, as SwiftData's is, so its requirements are
/// nonisolated, and `@Model` makes the class's conformance nonisolated: in a module whose
/// default isolation is the main actor (Xcode's default for new app targets), that takes
/// the class out of the default, and its key paths are made anywhere. A class isolated to
/// the main actor in so many words keeps that isolation: its key paths can be written only
/// in a main-actor context, which `body` is. `@Model` writes `schemaMetadata` as a call of
/// this function, which runs `body` where it is called, and records the classes isolated to
/// the main actor, whose models contexts then use on the main actor only
/// (``EntityDescriptor/isIsolatedToMainActor``). Implementation detail of `@Model`.
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
    if let actor = isolation.isolation, ObjectIdentifier(actor) == ObjectIdentifier(MainActor.shared) {
        MainActorModels.record(model)
    }
    return withoutActuallyEscaping(body) { body in
        // Unchecked cast: a synchronous `@MainActor` function and a nonisolated one have the
        // same representation. What `body` does off the main actor: it makes key paths (immutable
        // objects, made without reading any model) and evaluates the default values written in
        // the class's declarations, which for a class isolated to the main actor must be
        // constants (literals, `Date()`, `[]`): the porting guide says so ("Models isolated to
        // the main actor").
        unsafeBitCast(body, to: (() -> [Schema.PropertyMetadata]).self)()
    }
}

/// The `@Model` classes isolated to the main actor, as their schema descriptions found:
/// a context checks that their models are used on the main thread
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
