import Foundation
import Logging

/// How long cache entries stay fresh, and what time it is (injectable for tests).
public struct CachePolicy: Sendable {
    /// One day, as the design asks of cache entries.
    public static let defaultTimeToLive: TimeInterval = 24 * 60 * 60

    /// How long an entry stays fresh, in seconds.
    let timeToLive: TimeInterval
    /// The clock, which also dates what the contexts store.
    public let now: @Sendable () -> Date

    /// A policy whose entries stay fresh for `timeToLive`, by the clock `now`.
    ///
    /// - Parameters:
    ///   - timeToLive: How long an entry stays fresh, in seconds.
    ///   - now: The clock.
    public init(
        timeToLive: TimeInterval = CachePolicy.defaultTimeToLive,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.timeToLive = timeToLive
        self.now = now
    }

    /// Whether an entry stored at `cachedAt` is still fresh.
    ///
    /// - Parameter cachedAt: When the entry was stored.
    public func isFresh(_ cachedAt: Date) -> Bool {
        now().timeIntervalSince(cachedAt) < timeToLive
    }
}

/// A cached value and when it was stored.
public struct CachedValue<Value: Sendable>: Sendable {
    /// The value.
    public let value: Value
    /// When it was stored.
    public let cachedAt: Date

    /// A value stored at `cachedAt`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - cachedAt: When it was stored.
    public init(value: Value, cachedAt: Date) {
        self.value = value
        self.cachedAt = cachedAt
    }
}

/// Reads through a cache store, for the contexts' repositories: a fresh entry is
/// returned without asking the remote; a missing or expired one is fetched from the
/// remote and replaces the entry.
///
/// When the remote fails, its error (mapped to the context's own) is thrown and the
/// cache is left exactly as it was, an expired entry included: the app shows an error
/// rather than data of unknown age, and the entry is still there for the next attempt.
/// A cache that cannot be read counts as a miss, and one that cannot be written is
/// logged: neither fails the request.
public struct ReadThroughCache: Sendable {
    /// How long entries stay fresh, and the clock.
    public let policy: CachePolicy
    /// Told when the cache cannot be read or written.
    public let logger: Logger

    /// A cache on `policy`, logging to `logger`.
    ///
    /// - Parameters:
    ///   - policy: How long entries stay fresh, and the clock.
    ///   - logger: Told when the cache cannot be read or written.
    init(policy: CachePolicy, logger: Logger) {
        self.policy = policy
        self.logger = logger
    }

    /// The value the cache holds while it is fresh, else the remote's, which then replaces the
    /// entry.
    ///
    /// - Parameters:
    ///   - description: What the value is, for the log's messages.
    ///   - cached: Reads the entry; nil when there is none. An error counts as a miss.
    ///   - remote: Fetches the value from the remote.
    ///   - store: Writes the value as the entry, with the time it is stored; an error is
    ///     logged.
    ///   - mapError: Turns the remote's error into the one thrown.
    /// - Returns: The entry's value while it is fresh, else the remote's.
    /// - Throws: What `mapError` makes of the remote's error; the cache is left as it was.
    public func value<Value: Sendable, RemoteError: Error, Failure: Error>(
        describedAs description: String,
        cached: () async throws -> CachedValue<Value>?,
        remote: () async throws(RemoteError) -> Value,
        store: (Value, Date) async throws -> Void,
        mapError: (RemoteError) -> Failure
    ) async throws(Failure) -> Value {
        do {
            if let entry = try await cached(), policy.isFresh(entry.cachedAt) {
                return entry.value
            }
        } catch {
            logger.warning("Cannot read \(description) from the cache: \(error)")
        }
        let value: Value
        do throws(RemoteError) {
            value = try await remote()
        } catch {
            throw mapError(error)
        }
        do {
            try await store(value, policy.now())
        } catch {
            logger.warning("Cannot cache \(description): \(error)")
        }
        return value
    }
}
