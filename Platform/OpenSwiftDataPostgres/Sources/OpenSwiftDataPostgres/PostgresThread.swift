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
        let (outcome, _) = start(operation)
        outcome.done.wait()
        return try outcome.get()
    }

    /// Runs `operation` on this thread, and waits for it on the calling thread as long as it
    /// takes once `operation` is admitted, but no longer than `limit` for its admission
    /// (a pooled connection, which a full server may never give).
    ///
    /// - Parameters:
    ///   - limit: How long the caller waits for `operation` to call ``Admission/admit()``.
    ///   - operation: The work, which calls ``Admission/admit()`` before it changes anything
    ///     and stops, throwing, when that returns false.
    /// - Returns: What `operation` returns.
    /// - Throws: ``NotAdmitted`` when `operation` was not admitted within `limit` (it was
    ///   cancelled, and changed nothing); otherwise what `operation` throws.
    func wait<Result: Sendable>(
        admittedWithin limit: Duration, _ operation: @escaping @Sendable (Admission) async throws -> Result
    ) throws -> Result {
        let admission = Admission()
        let (outcome, task) = start {
            defer { admission.news.signal() }
            return try await operation(admission)
        }
        let deadline = DispatchTime.now() + .nanoseconds(Int(limit / .nanoseconds(1)))
        if admission.news.wait(timeout: deadline) == .timedOut, admission.refuse() {
            task.cancel()
            outcome.done.wait()
            throw NotAdmitted(limit: limit)
        }
        outcome.done.wait()
        return try outcome.get()
    }

    /// Starts `operation` in a task that prefers this thread.
    private func start<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) -> (
        Outcome<Result>, Task<Void, Never>
    ) {
        // The operation needs this thread: waiting on it would never end.
        precondition(!isCurrent, "a PostgreSQL store was called from its own client thread")
        let outcome = Outcome<Result>()
        let task = Task(executorPreference: self) {
            let result: Swift.Result<Result, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
            outcome.done.signal()
        }
        return (outcome, task)
    }

    /// An operation's caller gave up waiting for its admission.
    struct NotAdmitted: Error {
        /// How long the caller waited.
        let limit: Duration
    }

    /// Whether an operation run by ``PostgresThread/wait(admittedWithin:_:)`` was admitted
    /// before its caller gave up: whichever comes first decides, once.
    final class Admission: Sendable {
        private enum State { case waiting, admitted, refused }

        private let state = Mutex(State.waiting)
        /// Signalled when the operation is admitted or ends.
        fileprivate let news = DispatchSemaphore(value: 0)

        /// Admits the operation, unless its caller gave up.
        ///
        /// - Returns: Whether the operation may go on: false once the caller has given up.
        func admit() -> Bool {
            let admitted = state.withLock { state in
                guard state == .waiting else { return false }
                state = .admitted
                return true
            }
            if admitted { news.signal() }
            return admitted
        }

        /// Gives up on the operation, unless it was admitted.
        ///
        /// - Returns: Whether the caller gave up: false when the operation was admitted first.
        fileprivate func refuse() -> Bool {
            state.withLock { state in
                guard state == .waiting else { return false }
                state = .refused
                return true
            }
        }
    }
}

/// What an operation run by ``PostgresThread/wait(_:)`` ended with, and the signal that it did.
private final class Outcome<Value: Sendable>: Sendable {
    let result = Mutex<Swift.Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)

    /// The result, once `done` was signalled.
    func get() throws -> Value {
        guard let result = result.withLock({ $0 }) else {
            preconditionFailure("a PostgreSQL store's operation ended without an outcome")
        }
        return try result.get()
    }
}
