import DataPersistenceInfrastructure
import Foundation
import Synchronization
import TVSeriesInfrastructure

/// A clock the tests move forward.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSinceReferenceDate: 800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }

    /// A policy with a one-day time to live on this clock.
    var policy: CachePolicy { CachePolicy(timeToLive: 24 * 60 * 60, now: { self.now }) }
}
