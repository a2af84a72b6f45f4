import Foundation
import Logging

/// How long cache entries stay fresh, and what time it is (injectable for tests).
public struct CachePolicy: Sendable {
    /// One day, as the design asks of cache entries.
    public static let defaultTimeToLive: TimeInterval = 24 * 60 * 60

    public let timeToLive: TimeInterval
    public let now: @Sendable () -> Date

    public init(
        timeToLive: TimeInterval = CachePolicy.defaultTimeToLive,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.timeToLive = timeToLive
        self.now = now
    }

    /// Whether an entry stored at `cachedAt` is still fresh.
    public func isFresh(_ cachedAt: Date) -> Bool {
        now().timeIntervalSince(cachedAt) < timeToLive
    }
}

/// A cached value and when it was stored.
public struct CachedValue<Value: Sendable>: Sendable {
    public let value: Value
    public let cachedAt: Date

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
    public let policy: CachePolicy
    public let logger: Logger

    public init(policy: CachePolicy, logger: Logger) {
        self.policy = policy
        self.logger = logger
    }

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
