import Foundation

/// Why a ``DiscoverRemoteDataSource`` could not answer.
public enum DiscoverRemoteDataSourceError: Error, Sendable, Equatable {
    /// The source has no such page.
    case notFound
    /// The request failed (network, HTTP status, decoding); the text says why, for a
    /// person to read. It must not contain credentials.
    case failed(String)
}
