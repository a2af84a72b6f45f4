/// The models of one entity in a context, by primary key, held weakly: an open-addressing
/// hash table with linear probing.
///
/// A fetch registers every row it reads and every model removes itself when it dies, so
/// these operations are on the hot path of fetching. Primary keys need no SipHash: a
/// multiplicative hash spreads SQLite's sequential row ids well, and probing a flat
/// array costs a fraction of a `Dictionary` lookup.
struct PrimaryKeyTable {
    private struct Slot {
        var primaryKey: Int64 = 0
        var isOccupied = false
        weak var model: (any PersistentModel)?
    }

    private var slots: [Slot]
    /// `slots.count - 1`; the capacity is a power of two.
    private var mask: Int
    /// Bits to keep of the 64-bit product: log2 of the capacity.
    private var shift: Int
    private(set) var count = 0

    private static let minimumCapacity = 16

    init() {
        slots = Array(repeating: Slot(), count: Self.minimumCapacity)
        mask = Self.minimumCapacity - 1
        shift = 64 - Self.minimumCapacity.trailingZeroBitCount
    }

    subscript(primaryKey: Int64) -> (any PersistentModel)? {
        guard let index = find(primaryKey) else { return nil }
        return slots[index].model
    }

    /// Registers `model` for `primaryKey`, replacing any model registered before.
    mutating func register(_ model: any PersistentModel, for primaryKey: Int64) {
        if let index = find(primaryKey) {
            slots[index].model = model
            return
        }
        if (count + 1) * 2 > slots.count {
            // Growing moves every weak reference, so grow in big steps.
            resize(to: slots.count * 4)
        }
        var index = home(of: primaryKey)
        while slots[index].isOccupied { index = (index + 1) & mask }
        slots[index].primaryKey = primaryKey
        slots[index].isOccupied = true
        slots[index].model = model
        count += 1
    }

    /// Removes the entry of `primaryKey`; with `onlyIfReleased`, only when its model no
    /// longer exists (another live model may have taken the row over).
    mutating func remove(_ primaryKey: Int64, onlyIfReleased: Bool = false) {
        guard var hole = find(primaryKey) else { return }
        if onlyIfReleased, slots[hole].model != nil { return }
        // Backward-shift deletion: move later entries of the probe run into the hole
        // when the hole lies between their home and their place, so that every entry
        // stays reachable from its home without tombstones.
        var next = (hole + 1) & mask
        while slots[next].isOccupied {
            let nextHome = home(of: slots[next].primaryKey)
            if (next - nextHome) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot()
        count -= 1
        // When the models of a large fetch die one after another, shrinking at each
        // halving would move the survivors again and again: shrink only when the table
        // is nearly empty.
        if slots.count > Self.minimumCapacity, count * 64 < slots.count {
            resize(to: max(Self.minimumCapacity, (count * 4).nextPowerOfTwo))
        }
    }

    var liveModels: [any PersistentModel] {
        slots.compactMap { $0.isOccupied ? $0.model : nil }
    }

    private func home(of primaryKey: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: primaryKey) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private func find(_ primaryKey: Int64) -> Int? {
        var index = home(of: primaryKey)
        while slots[index].isOccupied {
            if slots[index].primaryKey == primaryKey { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func resize(to capacity: Int) {
        let old = slots
        slots = Array(repeating: Slot(), count: capacity)
        mask = capacity - 1
        shift = 64 - capacity.trailingZeroBitCount
        count = 0
        // Entries of models that died are dropped on the way.
        for slot in old where slot.isOccupied && slot.model != nil {
            var index = home(of: slot.primaryKey)
            while slots[index].isOccupied { index = (index + 1) & mask }
            slots[index] = slot
            count += 1
        }
    }
}

extension Int {
    /// The smallest power of two not less than `self` (1 for 0).
    fileprivate var nextPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
