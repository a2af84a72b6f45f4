import Dispatch

/// Runs the jobs of a model actor and owns its context, as SwiftData's `ModelExecutor`.
public protocol ModelExecutor: AnyObject, Sendable {
    /// The context isolated to this executor.
    var modelContext: ModelContext { get }
}

/// A model executor that is also the serial executor of its actor.
public protocol SerialModelExecutor: ModelExecutor, SerialExecutor {}

/// Runs a model actor's jobs one at a time on a dispatch queue of its own, and owns the
/// actor's context.
///
/// The context is handed out only to code running on that queue, that is, to the
/// actor: ``modelContext`` traps anywhere else, where using it would race the actor.
// @unchecked Sendable: the context, the one non-Sendable field, is reached only through
// `modelContext`, which checks that the caller runs on `queue` (ModelActorIsolationTests).
public final class DefaultSerialModelExecutor: SerialModelExecutor, @unchecked Sendable {
    private let context: ModelContext
    private let queue: DispatchQueue

    /// Creates an executor that owns `modelContext` and runs its actor's jobs one at a time.
    ///
    /// - Parameter modelContext: The actor's context.
    public init(modelContext: ModelContext) {
        self.context = modelContext
        self.queue = DispatchQueue(label: "OpenSwiftData.DefaultSerialModelExecutor")
    }

    /// The actor's context. Only the actor may use it: called from anywhere else, this
    /// stops the program rather than let two threads share a context.
    public var modelContext: ModelContext {
        dispatchPrecondition(condition: .onQueue(queue))
        return context
    }

    /// Runs `job` after the jobs queued before it, then saves the context if its autosave is on.
    ///
    /// - Parameter job: The actor's job.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        // Weak: a job still queued or running must not keep the executor, its context and
        // its container alive after the actor has ended (a process that exits then would
        // leave its stores open, their `-wal` and `-shm` files behind).
        queue.async { [weak self] in
            unownedJob.runSynchronously(on: executor)
            // The context's autosave, after each piece of the actor's work.
            self?.context.core.autosaveIfEnabled()
        }
    }

    /// The executor as the runtime refers to it.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the caller runs on this executor, for `assumeIsolated` and
    /// `preconditionIsolated`.
    public func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
