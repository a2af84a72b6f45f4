import Foundation

/// Why a ``TVSeriesRemoteDataSource`` could not answer.
public enum TVSeriesRemoteDataSourceError: Error, Sendable, Equatable {
    /// The source has no such series, season or episode.
    case notFound
    /// The request failed (network, HTTP status, decoding); the text says why, for a
    /// person to read. It must not contain credentials.
    case failed(String)
}
