import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A model's stored values, one per property, in memory its backing data allocates once
/// and frees in its `deinit`.
///
/// Not an `Array`: a fetch creates one of these per row, and an array of a type from
/// another module costs a type-metadata lookup per allocation here, value-witness calls
/// to destroy it, and an exclusivity check on every read of the `var` holding it. A
/// `let` of this struct is read and written without any of that.
struct StoredValues {
    private let base: UnsafeMutablePointer<DatabaseValue>
    let count: Int

    /// `count` NULL values.
    init(nullCount count: Int) {
        // `malloc` rather than `UnsafeMutablePointer.allocate`, which asks the runtime for
        // an aligned allocation (`posix_memalign`, several times the cost) even when
        // `malloc`'s alignment suffices, as it does for `DatabaseValue`.
        let size = max(1, count * MemoryLayout<DatabaseValue>.stride)
        guard let memory = malloc(size) else { fatalError("out of memory for \(count) stored values") }
        base = memory.bindMemory(to: DatabaseValue.self, capacity: count)
        base.initialize(repeating: .null, count: count)
        self.count = count
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

    /// Destroys the values and frees their memory; called once, by the owner's `deinit`.
    func deallocate() {
        base.deinitialize(count: count)
        free(base)
    }
}
