import Observation

/// How models are `Observable`, as SwiftData's are: a property read inside
/// `withObservationTracking` is tracked, and a change to it calls the tracking's
/// `onChange`.
///
/// SwiftData gives every model its own `ObservationRegistrar`, which costs two
/// allocations per model: for a fetch of many rows, as much again as the models
/// themselves. Here a fetched model gets its own registrar at its first change. Until
/// then, its reads are recorded with a registrar its context shares among the models of
/// its entity (``PrimaryKeyTable/sharedObservation``), and every change is announced to
/// both, so that no tracked read misses a change. A model outside any context's
/// identity map (new, or detached) gets its own registrar at its first read.
///
/// The price of sharing: a tracking that read a property of a fetched model not changed
/// yet is also told of a change to the same property of another model of its entity in
/// the same context (a spurious `onChange`, which observers treat as "may have
/// changed"; a missed one is not possible while the model stays in its context).
enum ModelObservation {
    /// Announces a change of the property at `index` of `owner` to the registrars that
    /// may have recorded a read of it, around `change`.
    static func withMutation<Result>(
        of owner: any PersistentModel, at index: Int, _ change: () -> Result
    ) -> Result {
        let backing = owner.persistentBackingData
        var registrars = [backing.ownObservation().registrar]
        if let shared = backing.identityTable?.sharedObservation { registrars.append(shared.registrar) }
        announce(.willSet, of: owner, at: index, to: registrars)
        defer { announce(.didSet, of: owner, at: index, to: registrars) }
        return change()
    }

    /// Calls each registrar's `willSet` or `didSet` for the property.
    private static func announce(
        _ phase: PropertyChangeAnnouncer.Phase, of owner: any PersistentModel, at index: Int,
        to registrars: [ObservationRegistrar]
    ) {
        owner.persistentBackingData.entity.properties[index].changeAnnouncer?.announce(phase, owner, registrars)
    }
}

/// Announces the changes of one property to observation registrars, which take the
/// property's key path typed as declared: built where the types are known, from the
/// key path `@Model` gives the property's metadata.
struct PropertyChangeAnnouncer {
    enum Phase { case willSet, didSet }

    let announce: (Phase, any PersistentModel, [ObservationRegistrar]) -> Void

    /// Nil when the key path's root is not a model class.
    init?<Root, Value>(_ keyPath: KeyPath<Root, Value>) {
        guard let modelType = Root.self as? any PersistentModel.Type else { return nil }
        // `Model` is `Root`, now known to be a model (so `Observable`).
        func announcer<Model: PersistentModel>(for _: Model.Type) -> (
            (Phase, any PersistentModel, [ObservationRegistrar]) -> Void
        )? {
            guard let typed = keyPath as? KeyPath<Model, Value> else { return nil }
            return { phase, owner, registrars in
                guard let subject = owner as? Model else { return }
                for registrar in registrars {
                    switch phase {
                    case .willSet: registrar.willSet(subject, keyPath: typed)
                    case .didSet: registrar.didSet(subject, keyPath: typed)
                    }
                }
            }
        }
        guard let announce = announcer(for: modelType) else { return nil }
        self.announce = announce
    }
}

extension ModelBackingData {
    /// Records a read of a property for observation tracking: with the model's own
    /// registrar once it has one, with its context's shared one before (see
    /// ``ModelObservation``). Not inlined: `ObservationRegistrar.access` is a generic
    /// function of a resilient module, called with the same type metadata either way.
    /// Both header fields are read in one access, and each registrar is reached through
    /// its box's method, which borrows it where it is stored: a registrar read out of a
    /// box, of a resilient type, is copied (two value-witness calls per read), and each
    /// field read on its own costs a retain and a release more.
    @usableFromInline
    func recordAccess<Model: PersistentModel, Value>(of owner: Model, keyPath: KeyPath<Model, Value>) {
        let (own, table) = withUnsafeMutablePointerToHeader { header in
            (header.pointee.observation.map(Unmanaged.passUnretained), header.pointee.identityTable)
        }
        // Each registrar is used where it is, without a retain and a release: the model's
        // own is held by its header, and the table by the model's context (see
        // ``ModelBackingFields/identityTable``), for longer than this call.
        if let own {
            own._withUnsafeGuaranteedRef { $0.access(owner, keyPath: keyPath) }
        } else if let table {
            table._withUnsafeGuaranteedRef { $0.sharedObservation.access(owner, keyPath: keyPath) }
        } else {
            ownObservation().access(owner, keyPath: keyPath)
        }
    }

    /// The model's own registrar, made on first use.
    func ownObservation() -> ObservationRegistrarBox {
        if let observation { return observation }
        let created = ObservationRegistrarBox()
        observation = created
        return created
    }
}

/// An observation registrar, held by reference. `ObservationRegistrar` is a resilient
/// type of another module, whose size is known only at run time: stored inline in
/// ``ModelBackingFields``, it would make every field of every model's header be found
/// through run-time layout.
final class ObservationRegistrarBox: Sendable {
    let registrar = ObservationRegistrar()

    init() {}

    /// Records a read with the registrar, borrowed in place.
    func access<Model: PersistentModel, Value>(_ owner: Model, keyPath: KeyPath<Model, Value>) {
        registrar.access(owner, keyPath: keyPath)
    }
}
