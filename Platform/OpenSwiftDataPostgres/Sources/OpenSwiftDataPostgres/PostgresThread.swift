import Foundation
import Synchronization

/// A thread of the store's own that runs its PostgreSQL client: the connection pool and
/// every query. A store's API is synchronous, as SwiftData's `DataStore` is, so a context's
/// fetch or save waits on the calling thread for the database; the work it waits for runs
/// here, so that the wait never depends on a thread it blocks (Swift's cooperative pool has
/// as many threads as cores, and contexts may fetch on every one of them at once).
final class PostgresThread: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var stopped = false
        var thread: pthread_t?
    }

    private let state = Mutex(State())
    /// Signalled once per job enqueued, and once to stop.
    private let available = DispatchSemaphore(value: 0)

    /// Starts the thread.
    ///
    /// - Parameter name: The thread's name, as debuggers show it.
    init(name: String) {
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.jobs.append(job) }
        available.signal()
    }

    /// Stops the thread once the jobs enqueued before have run.
    func stop() {
        state.withLock { $0.stopped = true }
        available.signal()
    }

    private func runJobs() {
        state.withLock { $0.thread = pthread_self() }
        while true {
            available.wait()
            let next: UnownedJob? = state.withLock { state in
                state.jobs.isEmpty ? nil : state.jobs.removeFirst()
            }
            guard let next else {
                if state.withLock({ $0.stopped && $0.jobs.isEmpty }) { return }
                continue
            }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Whether the caller runs on this thread.
    private var isCurrent: Bool {
        state.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Runs `operation` on this thread, and waits for it on the calling thread.
    ///
    /// - Parameter operation: The work, which may suspend.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    func wait<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) throws -> Result {
        // The operation needs this thread: waiting on it would never end.
        precondition(!isCurrent, "a PostgreSQL store was called from its own client thread")
        let outcome = Outcome<Result>()
        Task(executorPreference: self) {
            let result: Swift.Result<Result, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
            outcome.done.signal()
        }
        outcome.done.wait()
        guard let result = outcome.result.withLock({ $0 }) else {
            preconditionFailure("a PostgreSQL store's operation ended without an outcome")
        }
        return try result.get()
    }
}

/// What an operation run by ``PostgresThread/wait(_:)`` ended with, and the signal that it did.
private final class Outcome<Value: Sendable>: Sendable {
    let result = Mutex<Swift.Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
}
