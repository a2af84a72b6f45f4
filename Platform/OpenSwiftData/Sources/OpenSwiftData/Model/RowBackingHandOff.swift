import OpenSwiftDataRuntimeSupport

/// Hands a fetched row's backing data to the model initializer that wraps it.
///
/// Swift applies a property's initial value (`var stops: [Stop] = []`, and the implicit
/// `nil` of an optional) through the property's init accessor in every initializer,
/// `init(backingData:)` included, and those run before the initializer's body can store
/// the backing data it was given. Without this hand-off each fetched model of such a
/// class would first build backing data of its own for the initial values, only to drop
/// it. Between ``begin(_:)`` and ``end(_:)``, the model's backing-data property takes
/// the row's backing data as its initial value (``claim(for:)``), once: a model created
/// later in the same initializer (by a property's initial value) gets its own. The row's
/// backing data ignores initial values while it is handed off.
///
/// The slot is per thread: a model initializer is synchronous, so it runs on the thread
/// that set the slot. A hand-off nested in another (a fetch run by an initial value)
/// puts the outer one back when it ends.
///
/// Limit: a `@Transient` property declared before every persisted property is
/// initialized before the backing-data property; a model of the same class created by
/// its initial value during a fetch would take the row. `@Model` classes declare such
/// properties after the persisted ones, or create those models lazily.
enum RowBackingHandOff {
    /// Hands `backing` off to the next model initializer on this thread; returns the
    /// hand-off it replaces, for ``end(_:restoring:)``.
    static func begin(_ backing: ModelBackingData) -> UnsafeMutableRawPointer? {
        backing.ignoresInitialValues = true
        let previous = osd_row_backing_slot_get()
        osd_row_backing_slot_set(Unmanaged.passUnretained(backing).toOpaque())
        return previous
    }

    /// Ends the hand-off of `backing`, once the initializer has returned, and puts back
    /// the one it replaced. Unmanaged, so that the fetch can give its reference to the
    /// model instead of keeping a copy.
    static func end(_ backing: Unmanaged<ModelBackingData>, restoring previous: UnsafeMutableRawPointer?) {
        osd_row_backing_slot_set(previous)
        backing._withUnsafeGuaranteedRef { $0.ignoresInitialValues = false }
    }

    /// Takes the backing data handed off on this thread if it is for a model of `type`.
    static func claim<Model: PersistentModel>(for type: Model.Type) -> ModelBackingData? {
        guard let pointer = osd_row_backing_slot_get() else { return nil }
        let handedOff = Unmanaged<ModelBackingData>.fromOpaque(pointer).takeUnretainedValue()
        guard ObjectIdentifier(handedOff.entity.modelType) == ObjectIdentifier(type) else { return nil }
        osd_row_backing_slot_set(nil)
        return handedOff
    }
}
