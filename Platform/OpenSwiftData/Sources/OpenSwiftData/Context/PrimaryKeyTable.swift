import OpenSwiftDataRuntimeSupport

/// The models of one entity in a context, by primary key, without keeping them alive:
/// an open-addressing hash table with linear probing.
///
/// A fetch registers every row it reads and every model removes itself when it dies, so
/// these operations are on the hot path of fetching. Primary keys need no SipHash: a
/// multiplicative hash spreads SQLite's sequential row ids well, and probing a flat
/// buffer costs a fraction of a `Dictionary` lookup.
///
/// Each entry holds an *unowned* reference to its model rather than a `weak` one. The
/// first weak reference to an object allocates a side table for its reference counts,
/// and from then on every retain and release of the object takes the runtime's slow
/// path; an unowned reference is a count in the object's header. It keeps the object's
/// memory (not the object) until the entry goes, so a model that died can still be
/// recognised as released, and is never handed out. Entries go when their model's
/// backing data is deinitialized (``IdentityMap/removeReleased(_:)``), when the table
/// grows or shrinks, or with the table.
///
/// Like its context, a table is used from one isolation domain: models are not
/// `Sendable`, so a model dies, and its entry goes, where its context lives.
final class PrimaryKeyTable {
    /// An entry: a primary key and its model's address (nil: free), with one unowned
    /// reference counted on the model.
    private struct Slot {
        var primaryKey: Int64
        var object: UnsafeMutableRawPointer?
    }

    private var slots: UnsafeMutableBufferPointer<Slot>
    /// `slots.count - 1`; the capacity is a power of two.
    private var mask: Int
    /// Bits to keep of the 64-bit product: log2 of the capacity.
    private var shift: Int
    private(set) var count = 0
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
        for slot in slots {
            if let object = slot.object { osd_unowned_release(object) }
        }
        slots.deallocate()
    }

    /// The live model registered for `primaryKey`, if any.
    func object(for primaryKey: Int64) -> AnyObject? {
        guard let index = find(primaryKey), let object = slots[index].object, !osd_unowned_is_released(object)
        else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
    }

    subscript(primaryKey: Int64) -> (any PersistentModel)? {
        object(for: primaryKey).map(existential)
    }

    /// Registers `model` for `primaryKey`, replacing any model registered before.
    func register(_ model: any PersistentModel, for primaryKey: Int64) {
        let object = Unmanaged.passUnretained(model as AnyObject).toOpaque()
        osd_unowned_retain(object)
        if let index = find(primaryKey) {
            if let previous = slots[index].object { osd_unowned_release(previous) }
            slots[index].object = object
            return
        }
        if (count + 1) * 2 > slots.count {
            resize(to: slots.count * 4)
        }
        var index = home(of: primaryKey)
        while slots[index].object != nil { index = (index + 1) & mask }
        slots[index] = Slot(primaryKey: primaryKey, object: object)
        count += 1
    }

    /// Removes the entry of `primaryKey`; with `onlyIfReleased`, only when its model no
    /// longer exists (another live model may have taken the row over).
    func remove(_ primaryKey: Int64, onlyIfReleased: Bool = false) {
        guard var hole = find(primaryKey), let object = slots[hole].object else { return }
        if onlyIfReleased, !osd_unowned_is_released(object) { return }
        osd_unowned_release(object)
        // Backward-shift deletion: move later entries of the probe run into the hole
        // when the hole lies between their home and their place, so that every entry
        // stays reachable from its home without tombstones.
        var next = (hole + 1) & mask
        while slots[next].object != nil {
            let nextHome = home(of: slots[next].primaryKey)
            if (next - nextHome) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot(primaryKey: 0, object: nil)
        count -= 1
        // When the models of a large fetch die one after another, shrinking at each
        // halving would move the survivors again and again: shrink only when the table
        // is nearly empty.
        if slots.count > Self.minimumCapacity, count * 64 < slots.count {
            resize(to: max(Self.minimumCapacity, (count * 4).nextPowerOfTwo))
        }
    }

    var liveModels: [any PersistentModel] {
        slots.compactMap { slot in
            guard let object = slot.object, !osd_unowned_is_released(object) else { return nil }
            return existential(Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue())
        }
    }

    /// Where an entry's probe starts. Keys are hashed in blocks of 16 consecutive keys:
    /// the block's number is spread over the table by a multiplicative hash, and the 16
    /// keys of a block take 16 neighbouring slots. SQLite's row ids are mostly
    /// consecutive, so a fetch's rows fill (and their models' deaths empty) the table a
    /// few cache lines at a time instead of touching a random line per row; keys with
    /// larger strides still spread through the block hash.
    private func home(of primaryKey: Int64) -> Int {
        let key = UInt64(bitPattern: primaryKey)
        let block = ((key >> 4) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift + 4)
        return Int(truncatingIfNeeded: (block << 4) | (key & 15))
    }

    private func find(_ primaryKey: Int64) -> Int? {
        var index = home(of: primaryKey)
        while slots[index].object != nil {
            if slots[index].primaryKey == primaryKey { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private func resize(to capacity: Int) {
        let old = slots
        slots = Self.allocate(capacity)
        mask = capacity - 1
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        // Entries of models that died are dropped on the way.
        for slot in old {
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
