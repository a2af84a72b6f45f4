import Foundation
import OpenSwiftData

/// A model of a cache store: every entry records when it was stored, so that a
/// ``CachePolicy`` can tell whether it is fresh.
///
/// ```swift
/// extension MoviesMovieEntity: CacheEntry {}
/// ```
public protocol CacheEntry: PersistentModel {
    /// When the entry was stored.
    var cachedAt: Date { get }
}
