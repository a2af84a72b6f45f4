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
public final class DefaultSerialModelExecutor: SerialModelExecutor, @unchecked Sendable {
    /// Touched only by jobs of this executor, which run one at a time.
    public let modelContext: ModelContext
    private let queue: DispatchQueue

    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
        self.queue = DispatchQueue(label: "OpenSwiftData.DefaultSerialModelExecutor")
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unownedJob = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async {
            unownedJob.runSynchronously(on: executor)
        }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
