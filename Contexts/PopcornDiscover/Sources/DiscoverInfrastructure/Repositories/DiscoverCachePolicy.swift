import Foundation

/// How long cache entries stay fresh, and what time it is.
///
/// Both are injectable so that tests can move a clock past the time to live.
public struct DiscoverCachePolicy: Sendable {
    /// One day, as the design asks.
    public static let defaultTimeToLive: TimeInterval = 24 * 60 * 60

    /// How long an entry is fresh after it was cached, in seconds.
    public let timeToLive: TimeInterval
    /// The current time.
    public let now: @Sendable () -> Date

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - timeToLive: How long an entry is fresh, in seconds (default one day).
    ///   - now: The clock (default the system clock).
    public init(
        timeToLive: TimeInterval = DiscoverCachePolicy.defaultTimeToLive,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.timeToLive = timeToLive
        self.now = now
    }

    /// Whether an entry cached at `cachedAt` is still fresh now.
    func isFresh(_ cachedAt: Date) -> Bool {
        now().timeIntervalSince(cachedAt) < timeToLive
    }
}
