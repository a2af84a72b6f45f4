import Dispatch

/// A task executor that runs its tasks' jobs on a thread of its own, off Swift's cooperative
/// pool: for a task that blocks (an open held on a semaphore) without taking one of the
/// pool's threads, which the tests need free.
///
/// ```swift
/// let opener = Task(executorPreference: OwnThreadExecutor()) { await owners.owner(…) { … } }
/// ```
final class OwnThreadExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "OwnThreadExecutor")

    /// Runs `job` on the executor's thread.
    ///
    /// - Parameter job: The job to run.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
