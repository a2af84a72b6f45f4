import OpenSwiftDataRuntimeSupport

/// The models of one entity in a context, by primary key, without keeping them alive:
/// an open-addressing hash table with linear probing.
///
/// A fetch registers every row it reads and every model removes itself when it dies, so
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
/// Each entry holds an *unowned* reference to its model rather than a `weak` one. The
/// first weak reference to an object allocates a side table for its reference counts,
/// and from then on every retain and release of the object takes the runtime's slow
/// path; an unowned reference is a count in the object's header. It keeps the object's
/// memory (not the object) until the entry goes, so a model that died can still be
/// recognised as released, and is never handed out. Entries go when their model's
/// backing data is deinitialized (``ModelBackingData/identityTable``), when the table
/// is rebuilt, or with the table.
///
/// Like its context, a table is used from one isolation domain: models are not
/// `Sendable`, so a model dies, and its entry goes, where its context lives.
final class PrimaryKeyTable {
    /// An entry: a primary key and its model's address, with one unowned reference
    /// counted on the model; or a free slot (nil), or a tombstone (``tombstone``).
    private struct Slot {
        var primaryKey: Int64
        var object: UnsafeMutableRawPointer?

        var isLive: Bool { object != nil && object != PrimaryKeyTable.tombstone }
    }

    /// The address a removed entry's slot holds: never a model's (objects are aligned).
    private static var tombstone: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }

    // The mutable fields are `@exclusivity(unchecked)`: every fetched row and every
    // dying model goes through this table, and the compiler cannot always prove their
    // accesses exclusive (it cannot when internal declarations are testable), which
    // leaves a run-time check per call. No method here passes a field `inout` or calls
    // out while changing one.

    /// Where reads of this table's models are recorded for observation tracking until a
    /// model has a registrar of its own (see ``ModelObservation``).
    let sharedObservation = ObservationRegistrarBox()

    @exclusivity(unchecked) private var slots: UnsafeMutableBufferPointer<Slot>
    /// `slots.count - 1`; the capacity is a power of two.
    @exclusivity(unchecked) private var mask: Int
    /// Bits to keep of the 64-bit product: log2 of the capacity.
    @exclusivity(unchecked) private var shift: Int
    /// Live entries.
    @exclusivity(unchecked) private(set) var count = 0
    /// Slots holding a tombstone.
    @exclusivity(unchecked) private var tombstones = 0
    /// Changes at every registration and removal, so that a ``Probe`` taken before one
    /// is not used after it.
    @exclusivity(unchecked) private var generation = 0
    /// Gives a stored object its `PersistentModel` existential: every model of the table
    /// is of the entity's model type.
    private let existential: (AnyObject) -> any PersistentModel

    private static let minimumCapacity = 16

    init<Model: PersistentModel>(for modelType: Model.Type) {
        slots = Self.allocate(Self.minimumCapacity)
        mask = Self.minimumCapacity - 1
        shift = 64 - Self.minimumCapacity.trailingZeroBitCount
        existential = { unsafeDowncast($0, to: Model.self) }
    }

    deinit {
        for slot in slots where slot.isLive {
            if let object = slot.object { osd_unowned_release(object) }
        }
        slots.deallocate()
    }

    /// The number of slots, live or not (for tests).
    var capacity: Int { slots.count }

    /// The live model registered for `primaryKey`, if any.
    func object(for primaryKey: Int64) -> AnyObject? {
        guard let index = find(primaryKey), let object = slots[index].object, !osd_unowned_is_released(object)
        else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
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
        if (count + tombstones + 1) * 2 > slots.count {
            rebuild(capacity: Swift.max(Self.minimumCapacity, ((count + 1) * 4).nextPowerOfTwo))
        }
        var index = home(of: primaryKey)
        var free: Int?
        while let object = slots[index].object {
            if object == Self.tombstone {
                if free == nil { free = index }
            } else if slots[index].primaryKey == primaryKey {
                return Probe(index: index, found: true, generation: generation, primaryKey: primaryKey)
            }
            index = (index + 1) & mask
        }
        return Probe(index: free ?? index, found: false, generation: generation, primaryKey: primaryKey)
    }

    /// The live model a probe found, if any.
    func object(at probe: Probe) -> AnyObject? {
        guard probe.found, probe.generation == generation, let object = slots[probe.index].object,
            !osd_unowned_is_released(object)
        else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    }

    /// Registers the model at `object` (its address, so that the fetch passes it without
    /// a retain) where `probe` found its key's place, or, if the table changed since,
    /// where a new probe finds it.
    func register(_ object: UnsafeMutableRawPointer, at probe: Probe) {
        guard probe.generation == generation else {
            register(object, at: self.probe(probe.primaryKey))
            return
        }
        osd_unowned_retain(object)
        generation &+= 1
        if probe.found {
            if let previous = slots[probe.index].object { osd_unowned_release(previous) }
            slots[probe.index].object = object
            return
        }
        if slots[probe.index].object != nil { tombstones -= 1 }
        slots[probe.index] = Slot(primaryKey: probe.primaryKey, object: object)
        count += 1
    }

    /// Registers `model` for `primaryKey`, replacing any model registered before.
    func register(_ model: any PersistentModel, for primaryKey: Int64) {
        register(Unmanaged.passUnretained(model as AnyObject).toOpaque(), at: probe(primaryKey))
    }

    /// Removes the entry of `primaryKey`; with `onlyIfReleased`, only when its model no
    /// longer exists (another live model may have taken the row over).
    func remove(_ primaryKey: Int64, onlyIfReleased: Bool = false) {
        guard let index = find(primaryKey), let object = slots[index].object else { return }
        if onlyIfReleased, !osd_unowned_is_released(object) { return }
        generation &+= 1
        osd_unowned_release(object)
        slots[index].object = Self.tombstone
        count -= 1
        tombstones += 1
        // When the models of a large fetch die one after another, shrinking at each
        // halving would move the survivors again and again: shrink only when the table
        // is nearly empty.
        if slots.count > Self.minimumCapacity, count * 64 < slots.count {
            rebuild(capacity: Swift.max(Self.minimumCapacity, (count * 4).nextPowerOfTwo))
        }
    }

    var liveModels: [any PersistentModel] {
        slots.compactMap { slot in
            guard slot.isLive, let object = slot.object, !osd_unowned_is_released(object) else { return nil }
            return existential(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
        }
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
        let block = ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift + 4)
        return Int(truncatingIfNeeded: (block << 4) | (key & 15))
    }

    /// The slot of the live entry of `primaryKey`, stepping over tombstones.
    private func find(_ primaryKey: Int64) -> Int? {
        var index = home(of: primaryKey)
        while let object = slots[index].object {
            if slots[index].primaryKey == primaryKey, object != Self.tombstone { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Moves the live entries to a new buffer of `capacity` slots, dropping tombstones
    /// and the entries of models that died.
    private func rebuild(capacity: Int) {
        let old = slots
        slots = Self.allocate(capacity)
        mask = capacity - 1
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        tombstones = 0
        generation &+= 1
        for slot in old where slot.isLive {
            guard let object = slot.object else { continue }
            if osd_unowned_is_released(object) {
                osd_unowned_release(object)
                continue
            }
            var index = home(of: slot.primaryKey)
            while slots[index].object != nil { index = (index + 1) & mask }
            slots[index] = slot
            count += 1
        }
        old.deallocate()
    }

    private static func allocate(_ capacity: Int) -> UnsafeMutableBufferPointer<Slot> {
        let buffer = UnsafeMutableBufferPointer<Slot>.allocate(capacity: capacity)
        buffer.initialize(repeating: Slot(primaryKey: 0, object: nil))
        return buffer
    }
}

extension Int {
    /// The smallest power of two not less than `self` (1 for 0).
    fileprivate var nextPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
