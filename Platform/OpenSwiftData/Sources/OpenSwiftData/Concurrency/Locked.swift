import Synchronization

/// A value behind a lock: a `Mutex` whose critical sections ThreadSanitizer also sees in
/// the order the lock gives them.
///
/// On Linux a contended `Mutex` is handed from thread to thread by the kernel
/// (`FUTEX_LOCK_PI`), inside the Synchronization library, which is not built for the
/// sanitizer: the sanitizer then sees nothing that orders two threads' critical sections
/// and reports their accesses to the value as races. An atomic read-modify-write at the
/// start and at the end of each critical section, in code the sanitizer does see, gives
/// it the order the lock already guarantees; it costs two uncontended atomics per lock.
/// Checked by the `-sanitize=thread` pass of `Scripts/test.sh --sanitize`, whose
/// concurrent tests (`ConcurrentSchemaUseTests`, `ConcurrentActorReadTests`) contend
/// for these locks.
final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>
    /// Changed inside every critical section, at its start and at its end.
    private let order = Atomic<Int>(0)

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value, as `Mutex.withLock`.
    func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        try mutex.withLock { value in
            order.add(1, ordering: .acquiringAndReleasing)
            defer { order.add(1, ordering: .acquiringAndReleasing) }
            return try body(&value)
        }
    }
}
