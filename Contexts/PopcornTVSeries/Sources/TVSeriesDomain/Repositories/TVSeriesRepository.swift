import Foundation

/// TV series details and credits.
public protocol TVSeriesRepository: Sendable {
    /// The series with this identifier, with its genres and season summaries.
    ///
    /// - Throws: ``TVSeriesRepositoryError/notFound`` when there is no such series,
    ///   ``TVSeriesRepositoryError/unavailable(_:)`` when it cannot be fetched.
    func tvSeries(withID id: Int) async throws(TVSeriesRepositoryError) -> TVSeries

    /// The cast and crew of the series with this identifier.
    ///
    /// - Throws: ``TVSeriesRepositoryError/notFound`` when there is no such series,
    ///   ``TVSeriesRepositoryError/unavailable(_:)`` when they cannot be fetched.
    func credits(forTVSeries id: Int) async throws(TVSeriesRepositoryError) -> Credits
}
