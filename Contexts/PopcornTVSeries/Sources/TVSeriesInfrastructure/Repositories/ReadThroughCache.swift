import Foundation
import Logging
import TVSeriesDomain

/// Reads through the cache: a fresh entry is returned without asking the remote;
/// a missing or expired one is fetched from the remote and replaces the entry.
///
/// When the remote fails, its error is thrown as a ``TVSeriesRepositoryError`` and the
/// cache is left exactly as it was, an expired entry included. An expired entry is not
/// served instead: the app shows an error rather than data of unknown age, and the
/// entry is still there for the next attempt. A cache that cannot be read counts as a
/// miss, and one that cannot be written is logged: neither fails the request.
struct ReadThroughCache: Sendable {
    let policy: TVSeriesCachePolicy
    let logger: Logger

    func value<Value: Sendable>(
        describedAs description: String,
        cached: () async throws -> CachedValue<Value>?,
        remote: () async throws(TVSeriesRemoteDataSourceError) -> Value,
        store: (Value, Date) async throws -> Void
    ) async throws(TVSeriesRepositoryError) -> Value {
        do {
            if let entry = try await cached(), policy.isFresh(entry.cachedAt) {
                return entry.value
            }
        } catch {
            logger.warning("Cannot read \(description) from the cache: \(error)")
        }
        let value: Value
        do throws(TVSeriesRemoteDataSourceError) {
            value = try await remote()
        } catch {
            switch error {
            case .notFound: throw .notFound
            case .failed(let reason): throw .unavailable(reason)
            }
        }
        do {
            try await store(value, policy.now())
        } catch {
            logger.warning("Cannot cache \(description): \(error)")
        }
        return value
    }
}
