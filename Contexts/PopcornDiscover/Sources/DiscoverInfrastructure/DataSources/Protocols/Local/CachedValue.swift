import Foundation

/// A value read from the cache, and when it was stored.
struct CachedValue<Value: Sendable>: Sendable {
    let value: Value
    let cachedAt: Date
}
