import Foundation
import Logging
import Synchronization
import Testing

@testable import DataPersistenceInfrastructure

@Suite("ReadThroughCache")
struct ReadThroughCacheTests {
    enum RemoteError: Error, Equatable { case down }
    enum ContextError: Error, Equatable { case unavailable }

    final class Store: Sendable {
        let entry = Mutex<CachedValue<String>?>(nil)
        let remoteCalls = Mutex(0)
    }

    let start = Date(timeIntervalSinceReferenceDate: 1_000)

    func read(_ store: Store, at date: Date, remoteFails: Bool = false) async throws(ContextError) -> String {
        let cache = ReadThroughCache(
            policy: CachePolicy(timeToLive: 60, now: { date }), logger: Logger(label: "test"))
        return try await cache.value(
            describedAs: "value",
            cached: { store.entry.withLock { $0 } },
            remote: { () async throws(RemoteError) in
                store.remoteCalls.withLock { $0 += 1 }
                if remoteFails { throw .down }
                return "fetched at \(date.timeIntervalSinceReferenceDate)"
            },
            store: { value, cachedAt in store.entry.withLock { $0 = CachedValue(value: value, cachedAt: cachedAt) } },
            mapError: { _ in ContextError.unavailable })
    }

    @Test("a miss asks the remote and stores the answer; a fresh hit does not ask")
    func missThenHit() async throws {
        let store = Store()
        #expect(try await read(store, at: start) == "fetched at 1000.0")
        #expect(try await read(store, at: start.addingTimeInterval(59)) == "fetched at 1000.0")
        #expect(store.remoteCalls.withLock { $0 } == 1)
    }

    @Test("an expired entry is replaced; a failing remote leaves it and throws the mapped error")
    func expiry() async throws {
        let store = Store()
        _ = try await read(store, at: start)
        await #expect(throws: ContextError.unavailable) {
            try await read(store, at: start.addingTimeInterval(61), remoteFails: true)
        }
        #expect(store.entry.withLock { $0?.cachedAt } == start)
        #expect(try await read(store, at: start.addingTimeInterval(61)) == "fetched at 1061.0")
        #expect(store.entry.withLock { $0?.cachedAt } == start.addingTimeInterval(61))
    }
}
