import Foundation

/// Work that blocks its thread until something outside the process happens (a child's end,
/// a pipe read to its end), run on a thread of its own while the caller awaits it.
///
/// Swift's cooperative pool has as many threads as the machine has cores: on two cores, two
/// callers blocked there stop every other task of the process (the tests running beside
/// them included) for as long as they wait.
public enum BlockingWork {
    /// Runs `work` on a new thread and waits for it without holding the caller's thread.
    ///
    /// - Parameter work: What blocks.
    /// - Returns: What `work` returns.
    /// - Throws: What `work` throws.
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
        }
    }

    /// Runs `work` on a new thread and waits for it without holding the caller's thread.
    ///
    /// - Parameter work: What blocks.
    /// - Returns: What `work` returns.
    public static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }
}

extension ChildProcess {
    /// Waits for the child to end as ``waitUntilExit()`` does, on a thread of its own (see
    /// ``BlockingWork``).
    public func exited() async {
        await BlockingWork.run { self.waitUntilExit() }
    }
}
