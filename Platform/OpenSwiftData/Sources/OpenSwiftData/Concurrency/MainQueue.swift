import Dispatch
import Foundation

/// Tells whether the caller runs on the main actor, without stopping the program when it
/// does not (as `MainActor.preconditionIsolated` does, in libdispatch, without its message).
enum MainQueue {
    /// Marks the main queue, once.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// On the main thread, or in a job of the main queue (the main actor's executor), which
    /// on Linux a thread other than the first runs once the main thread has called
    /// `dispatchMain()`.
    static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}
