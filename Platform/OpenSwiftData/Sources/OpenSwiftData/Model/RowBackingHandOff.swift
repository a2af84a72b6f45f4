#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands a fetched row's backing data to the model initializer that wraps it.
///
/// Swift applies a property's initial value (`var stops: [Stop] = []`, and the implicit
/// `nil` of an optional) through the property's init accessor in every initializer,
/// `init(backingData:)` included, and those run before the initializer's body can store
/// the backing data it was given. Without this hand-off each fetched model of such a
/// class would first build backing data of its own for the initial values, only to drop
/// it. While ``creating(with:_:)`` runs, ``ModelBackingData/resolve(_:for:)`` gives the
/// initializer the fetched row's backing data, which ignores initial values.
///
/// The slot is per thread: a model initializer is synchronous, so it runs on the thread
/// that set the slot.
enum RowBackingHandOff {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// Runs `initialize` (a call of `init(backingData: backing)`) with `backing` handed off.
    static func creating<Model>(with backing: ModelBackingData, _ initialize: () -> Model) -> Model {
        backing.ignoresInitialValues = true
        pthread_setspecific(key, Unmanaged.passUnretained(backing).toOpaque())
        defer {
            pthread_setspecific(key, nil)
            backing.ignoresInitialValues = false
        }
        return initialize()
    }

    /// The backing data being handed off on this thread, if any.
    static var current: ModelBackingData? {
        pthread_getspecific(key).map { Unmanaged<ModelBackingData>.fromOpaque($0).takeUnretainedValue() }
    }
}
