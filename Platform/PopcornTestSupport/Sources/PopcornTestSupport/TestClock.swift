import Foundation
import Synchronization

/// A clock the tests move forward by hand, for cache expiry and timestamps.
///
/// ```swift
/// let clock = TestClock()
/// let policy = CachePolicy(now: clock.read)
/// clock.advance(by: 24 * 60 * 60 + 1)
/// ```
public final class TestClock: Sendable {
    /// Where a new clock starts: a fixed instant, so that dates in tests are predictable.
    public static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private let current: Mutex<Date>

    public init(start: Date = TestClock.start) {
        current = Mutex(start)
    }

    /// The clock's time.
    public var now: Date { current.withLock { $0 } }

    /// The clock's time, as a function for code that takes one.
    @Sendable public func read() -> Date { now }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
