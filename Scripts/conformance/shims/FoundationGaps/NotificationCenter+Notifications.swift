// Foundation's `NotificationCenter.notifications(named:object:)`, which Apple's
// Foundation has and swift-corelibs-foundation lacks. Implicitly imported, like every file of this module,
// into every project target; Scripts/conformance.sh leaves this file out when this checkout's
// OpenSwiftData provides the method itself.
import Foundation

extension NotificationCenter {
    public func notifications(
        named name: Notification.Name,
        object: AnyObject? = nil
    ) -> AsyncStream<Notification> {
        let (stream, continuation) = AsyncStream<Notification>.makeStream()
        let center = self
        nonisolated(unsafe) let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
            nonisolated(unsafe) let notification = notification
            continuation.yield(notification)
        }
        continuation.onTermination = { _ in center.removeObserver(token) }
        return stream
    }
}
