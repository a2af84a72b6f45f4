import GRDB

/// A model's stored values, one per property: a view of the elements of its
/// ``ModelBackingData``, which allocates them with itself and destroys them in its
/// `deinit`.
///
/// Not an `Array`: a fetch creates one set of these per row, and an array of a type
/// from another module costs a type-metadata lookup per allocation here, value-witness
/// calls to destroy it, and an exclusivity check on every read of the `var` holding it.
struct StoredValues {
    private let base: UnsafeMutablePointer<DatabaseValue>
    let count: Int

    init(base: UnsafeMutablePointer<DatabaseValue>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Makes every value NULL, in memory not initialized yet.
    func initializeToNull() {
        base.initialize(repeating: .null, count: count)
    }

    /// Initializes the value at `index`, in memory not initialized yet.
    func initialize(at index: Int, to value: DatabaseValue) {
        precondition(index >= 0 && index < count, "property index out of range")
        (base + index).initialize(to: value)
    }

    subscript(index: Int) -> DatabaseValue {
        get {
            precondition(index >= 0 && index < count, "property index out of range")
            return base[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < count, "property index out of range")
            base[index] = newValue
        }
    }

    /// A copy of the values, as kept for `rollback()`.
    var array: [DatabaseValue] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Replaces every value with those of `array`, which has `count` elements.
    func assign(_ array: [DatabaseValue]) {
        precondition(array.count == count, "\(array.count) values for \(count) properties")
        for (index, value) in array.enumerated() { base[index] = value }
    }

    /// Destroys the values; called once, by the owner's `deinit`.
    func deinitialize() {
        // Only text and blobs hold memory to release; destroying any value through
        // `deinitialize` goes through the type's value witness, as GRDB's `Data`
        // payload is opaque here, and costs more than the test.
        for index in 0..<count {
            switch base[index].storage {
            case .null, .int64, .double: continue
            case .string, .blob: (base + index).deinitialize(count: 1)
            }
        }
    }
}
