import Foundation

/// Runs `work` on a thread of its own, off Swift's cooperative pool, and returns what it
/// returns: for work that blocks (waiting on a semaphore), and for watching the pool from
/// outside while its threads may all be taken.
///
/// - Parameter work: The work, which may block its thread.
/// - Returns: What `work` returns.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
