/// The models of one entity in a context, by primary key, without keeping them alive:
/// an open-addressing hash table with linear probing.
///
/// A fetch registers every row it reads and every model removes itself when it ends, so
/// these operations are on the hot path of fetching. Primary keys need no SipHash: a
/// multiplicative hash spreads SQLite's sequential row ids well, and probing a flat
/// buffer costs a fraction of a `Dictionary` lookup.
///
/// A removed entry leaves a tombstone, which lookups step over and inserts reuse. Moving
/// later entries back into the hole instead (backward-shift deletion) scans the rest of
/// the probe run at every removal, and the models of a fetch die one after another in
/// key order, each at the start of a long run of its neighbours. Tombstones go when the
/// table is rebuilt: when entries and tombstones together fill half of it, or when it is
/// nearly empty.
///
/// Each entry holds an `unowned(unsafe)` reference to its model: neither a `weak` one
/// (the first weak reference to an object allocates a side table for its reference
/// counts, and from then on every retain and release of the object takes the runtime's
/// slow path: 0.27 µs more per object for 100,000 objects) nor a counted `unowned` one
/// (an unowned retain at registration and release at removal, about 100 instructions
/// per fetched row). Invariant: an entry's model is alive, because a model's entry is
/// removed when the model ends, by its ``ModelBackingReference``'s `deinit`, before its
/// memory is freed. Checked by `PrimaryKeyTableTests.entriesDoNotKeepModelsAlive`,
/// `PrimaryKeyTableTests.droppedModelsAreNotRead` and
/// `SoundnessTests.modelsOutliveTheirContext`, whose reads of a dead entry would be a
/// use after free that the address sanitizer pass reports.
///
/// Like its context, a table is used from one isolation domain: models are not
/// `Sendable`, so a model dies, and its entry goes, where its context lives.
///
/// The keys and the slots' states are kept apart from the references, so that probing
/// reads plain integers: a slot read as a whole would copy its reference, which counts
/// it, and counts it down again.
final class PrimaryKeyTable {
    /// A slot's state: a probe stops at a free slot and steps over a tombstone.
    private enum State: UInt8 { case free, live, tombstone }

    /// A reference to a model that does not keep it alive (see the invariant above).
    /// Meaningful only in live slots.
    private struct Entry {
        unowned(unsafe) var object: AnyObject
    }

    /// The table's buffers and shape, changed together by each operation: one stored
    /// property, so that an operation is one access to it. The buffers are allocated and
    /// freed by the table, which owns them.
    private struct Storage {
        var keys: UnsafeMutableBufferPointer<Int64>
        var states: UnsafeMutableBufferPointer<State>
        var entries: UnsafeMutableBufferPointer<Entry>
        /// `capacity - 1`; the capacity is a power of two.
        var mask: Int
        /// Bits to keep of the 64-bit product: log2 of the capacity.
        var shift: Int
        /// Live entries.
        var count = 0
        /// Slots holding a tombstone.
        var tombstones = 0
        /// Changes at every registration and removal, so that a ``Probe`` taken before
        /// one is not used after it.
        var generation = 0

        /// Only the states are initialized: a slot's key and entry are read only when its
        /// state says they were written.
        init(capacity: Int) {
            keys = .allocate(capacity: capacity)
            states = .allocate(capacity: capacity)
            states.initialize(repeating: .free)
            entries = .allocate(capacity: capacity)
            mask = capacity - 1
            shift = 64 - capacity.trailingZeroBitCount
        }

        var capacity: Int { keys.count }

        /// Frees the buffers (their elements are trivial); the storage is not used after.
        func deallocate() {
            keys.deallocate()
            states.deallocate()
            entries.deallocate()
        }
    }

    /// Where reads of this table's models are recorded for observation tracking until a
    /// model has a registrar of its own (see ``ModelObservation``).
    let sharedObservation = ObservationRegistrarBox()

    private var storage: Storage
    /// Gives a stored object its `PersistentModel` existential: every model of the table
    /// is of the entity's model type.
    private let existential: (AnyObject) -> any PersistentModel

    private static let minimumCapacity = 16

    init<Model: PersistentModel>(for modelType: Model.Type) {
        storage = Storage(capacity: Self.minimumCapacity)
        // Every model registered here is a `Model`: a context keeps one table per
        // hierarchy of entities, created for its root's class.
        existential = { unsafeDowncast($0, to: Model.self) }
    }

    deinit {
        storage.deallocate()
    }

    /// The number of live entries.
    var count: Int { storage.count }

    /// The number of slots, live or not (for tests).
    var capacity: Int { storage.capacity }

    /// The model registered for `primaryKey`, if any.
    func object(for primaryKey: Int64) -> AnyObject? {
        guard let index = find(primaryKey) else { return nil }
        return storage.entries[index].object
    }

    subscript(primaryKey: Int64) -> (any PersistentModel)? {
        object(for: primaryKey).map(existential)
    }

    /// Where a fetched row's model is, or goes: one probe of the table serves both the
    /// lookup of a fetched row and the registration of the model made for it.
    struct Probe {
        fileprivate let index: Int
        fileprivate let found: Bool
        fileprivate let generation: Int
        fileprivate let primaryKey: Int64
    }

    /// Probes for `primaryKey`, after making room for one more entry.
    func probe(_ primaryKey: Int64) -> Probe {
        // Rebuilt when entries and tombstones fill half of it, or when it is nearly empty
        // (its models ended).
        if (storage.count + storage.tombstones + 1) * 2 > storage.capacity
            || (storage.capacity > Self.minimumCapacity && storage.count * 64 < storage.capacity)
        {
            rebuild(capacity: Swift.max(Self.minimumCapacity, ((storage.count + 1) * 4).nextPowerOfTwo))
        }
        let (keys, states, mask) = (storage.keys, storage.states, storage.mask)
        var index = home(of: primaryKey)
        var free: Int?
        while states[index] != .free {
            if states[index] == .tombstone {
                if free == nil { free = index }
            } else if keys[index] == primaryKey {
                return Probe(index: index, found: true, generation: storage.generation, primaryKey: primaryKey)
            }
            index = (index + 1) & mask
        }
        return Probe(index: free ?? index, found: false, generation: storage.generation, primaryKey: primaryKey)
    }

    /// The model a probe found, if any.
    func object(at probe: Probe) -> AnyObject? {
        guard probe.found, probe.generation == storage.generation else { return nil }
        return storage.entries[probe.index].object
    }

    /// Registers `object`, whose backing data already names this table as its
    /// ``ModelBackingData/identityTable`` and `probe`'s key as its primary key, where
    /// `probe` found the key's place, or, if the table changed since, where a new probe
    /// finds it. A model registered before for the key is replaced, and no longer
    /// registered anywhere.
    func register(_ object: AnyObject, at probe: Probe) {
        guard probe.generation == storage.generation else {
            register(object, at: self.probe(probe.primaryKey))
            return
        }
        storage.generation &+= 1
        let index = probe.index
        if probe.found {
            let previous = storage.entries[index].object
            storage.entries[index].object = object
            if previous !== object {
                existential(previous).persistentBackingData.identityTable = nil
            }
            return
        }
        if storage.states[index] == .tombstone { storage.tombstones -= 1 }
        storage.keys[index] = probe.primaryKey
        storage.states[index] = .live
        storage.entries[index] = Entry(object: object)
        storage.count += 1
    }

    /// Registers `model`, whose backing data's primary key is `primaryKey`, replacing any
    /// model registered before; its entry goes when the model ends.
    func register(_ model: any PersistentModel, for primaryKey: Int64) {
        let backing = model.persistentBackingData
        precondition(backing.primaryKey == primaryKey, "a model is registered under its own primary key")
        register(model, backing: backing)
    }

    /// Registers `model`, whose backing data is `backing`, under its primary key.
    func register(_ model: any PersistentModel, backing: ModelBackingData) {
        guard let primaryKey = backing.primaryKey else {
            preconditionFailure("a model without a row is not registered")
        }
        backing.identityTable = self
        register(model as AnyObject, at: probe(primaryKey))
    }

    /// Removes the entry of `primaryKey`, without reading its model: called when the
    /// model ends, which its entry must not outlive.
    func remove(_ primaryKey: Int64) {
        guard let index = find(primaryKey) else { return }
        storage.generation &+= 1
        storage.states[index] = .tombstone
        storage.count -= 1
        storage.tombstones += 1
        // The models of a large fetch die one after another: a table left empty starts
        // again small, without a pass over its slots, and one still holding a few is
        // shrunk at its next registration (``probe(_:)``), once.
        if storage.count == 0, storage.capacity > Self.minimumCapacity {
            let old = storage
            storage = Storage(capacity: Self.minimumCapacity)
            storage.generation = old.generation
            old.deallocate()
        }
    }

    var liveModels: [any PersistentModel] {
        var models: [any PersistentModel] = []
        for index in 0..<storage.capacity where storage.states[index] == .live {
            models.append(existential(storage.entries[index].object))
        }
        return models
    }

    /// Where an entry's probe starts. Keys are hashed in blocks of 16 consecutive keys:
    /// the block's number is spread over the table by a multiplicative hash, and the 16
    /// keys of a block take 16 neighbouring slots. SQLite's row ids are mostly
    /// consecutive, so a fetch's rows fill (and their models' deaths empty) the table a
    /// few cache lines at a time instead of touching a random line per row; keys with
    /// larger strides still spread through the block hash.
    @inline(__always)
    private func home(of primaryKey: Int64) -> Int {
        let key = UInt64(bitPattern: primaryKey)
        let block = ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(storage.shift + 4)
        return Int(truncatingIfNeeded: (block << 4) | (key & 15))
    }

    /// The slot of the live entry of `primaryKey`, stepping over tombstones.
    private func find(_ primaryKey: Int64) -> Int? {
        let (keys, states, mask) = (storage.keys, storage.states, storage.mask)
        var index = home(of: primaryKey)
        while states[index] != .free {
            if states[index] == .live, keys[index] == primaryKey { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Moves the live entries to new buffers of `capacity` slots, dropping tombstones.
    private func rebuild(capacity: Int) {
        let old = storage
        storage = Storage(capacity: capacity)
        var count = 0
        for index in 0..<old.capacity where old.states[index] == .live {
            let key = old.keys[index]
            var target = home(of: key)
            while storage.states[target] != .free { target = (target + 1) & storage.mask }
            storage.keys[target] = key
            storage.states[target] = .live
            storage.entries[target] = old.entries[index]
            count += 1
        }
        storage.count = count
        // A probe taken before is not used after (see ``Probe``).
        storage.generation = old.generation &+ 1
        old.deallocate()
    }
}

extension Int {
    /// The smallest power of two not less than `self` (1 for 0).
    fileprivate var nextPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
