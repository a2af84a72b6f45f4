import OpenSwiftDataRuntimeSupport

/// Hands a fetched row's backing data to the model initializer that wraps it.
///
/// Swift applies a property's initial value (`var stops: [Stop] = []`, and the implicit
/// `nil` of an optional) through the property's init accessor in every initializer,
/// `init(backingData:)` included, and those run before the initializer's body can store
/// the backing data it was given. Without this hand-off each fetched model of such a
/// class would first build backing data of its own for the initial values, only to drop
/// it. Between ``begin(_:)`` and ``end(_:)``, ``ModelBackingData/resolve(_:for:)`` gives
/// the initializer the fetched row's backing data, which ignores initial values.
///
/// The slot is per thread: a model initializer is synchronous, so it runs on the thread
/// that set the slot.
enum RowBackingHandOff {
    /// Hands `backing` off to the next model initializer on this thread.
    static func begin(_ backing: ModelBackingData) {
        backing.ignoresInitialValues = true
        osd_row_backing_slot_set(Unmanaged.passUnretained(backing).toOpaque())
    }

    /// Ends the hand-off of `backing`, once the initializer has returned. Unmanaged, so
    /// that the fetch can give its reference to the model instead of keeping a copy.
    static func end(_ backing: Unmanaged<ModelBackingData>) {
        osd_row_backing_slot_set(nil)
        backing._withUnsafeGuaranteedRef { $0.ignoresInitialValues = false }
    }

    /// The backing data being handed off on this thread, if any.
    static var current: ModelBackingData? {
        osd_row_backing_slot_get().map { Unmanaged<ModelBackingData>.fromOpaque($0).takeUnretainedValue() }
    }
}
