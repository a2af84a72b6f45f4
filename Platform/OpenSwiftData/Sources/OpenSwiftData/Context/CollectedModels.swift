/// The models a fetch has made so far, each kept alive by this collection until it
/// hands them over as an array of their type, or, if the fetch fails first, lets them
/// go when it ends.
///
/// The fetch's code is generic and not specialized for the model type: appending to a
/// `[T]` there looks up `Array<T>`'s metadata at every row, and gathering into an
/// array of objects first costs a copy (a retain) per model, and a release when that
/// array ends. Here each model is retained once, by `append`, and that retain is the
/// one the returned array holds.
struct CollectedModels: ~Copyable {
    /// Each retained once, by this collection.
    private var references: [Unmanaged<AnyObject>] = []

    var count: Int { references.count }

    /// Keeps `model` until it is handed over.
    mutating func append(_ model: AnyObject) {
        references.append(.passRetained(model))
    }

    /// The models, in the order they came, as an array of `T`, which takes over this
    /// collection's retains. Every model must be a `T`: they are cast without a check,
    /// which `as! [T]` makes for every element (a dynamic cast each); checked in debug
    /// builds.
    consuming func array<T: PersistentModel>(of _: T.Type) -> [T] {
        let handedOver = references
        references = []
        // No model is the empty array: `unsafeUninitializedCapacity: 0` would write its
        // count into the storage every empty array shares, which threads fetching nothing
        // at once race on (the thread sanitizer reports it).
        guard !handedOver.isEmpty else { return [] }
        return [T](unsafeUninitializedCapacity: handedOver.count) { buffer, initialized in
            for (index, reference) in handedOver.enumerated() {
                buffer.initializeElement(at: index, to: unsafeDowncast(reference.takeRetainedValue(), to: T.self))
            }
            initialized = handedOver.count
        }
    }

    deinit {
        for reference in references { reference.release() }
    }
}
