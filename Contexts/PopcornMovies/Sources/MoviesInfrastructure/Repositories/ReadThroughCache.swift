import Foundation
import Logging
import MoviesDomain

/// How long cache entries stay fresh, and what time it is (injectable for tests).
public struct CachePolicy: Sendable {
    /// One day, as the design asks.
    public static let defaultTimeToLive: TimeInterval = 24 * 60 * 60

    public let timeToLive: TimeInterval
    public let now: @Sendable () -> Date

    public init(
        timeToLive: TimeInterval = CachePolicy.defaultTimeToLive, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.timeToLive = timeToLive
        self.now = now
    }

    func isFresh(_ cachedAt: Date) -> Bool {
        now().timeIntervalSince(cachedAt) < timeToLive
    }
}

/// Reads through a cache: a fresh entry is returned as is; otherwise the remote is
/// asked and its answer replaces the entry.
///
/// When the remote fails, the error is thrown and the cache is left as it was, even an
/// expired entry: the app shows an error rather than data of unknown age.
struct ReadThroughCache {
    let policy: CachePolicy
    let logger: Logger

    func value<Value: Sendable>(
        describedAs description: String,
        notFound: MovieRepositoryError,
        cached: () async throws -> Cached<Value>?,
        remote: () async throws(MovieRemoteDataSourceError) -> Value,
        store: (Value, Date) async throws -> Void
    ) async throws(MovieRepositoryError) -> Value {
        do {
            if let entry = try await cached(), policy.isFresh(entry.cachedAt) {
                return entry.value
            }
        } catch {
            logger.warning("cannot read \(description) from the cache: \(error)")
        }
        let value: Value
        do throws(MovieRemoteDataSourceError) {
            value = try await remote()
        } catch {
            switch error {
            case .notFound: throw notFound
            case .failed(let reason): throw .unavailable(reason)
            }
        }
        do {
            try await store(value, policy.now())
        } catch {
            logger.warning("cannot cache \(description): \(error)")
        }
        return value
    }
}
