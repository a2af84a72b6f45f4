import Foundation

/// Seasons of TV series, with their episodes.
public protocol TVSeasonRepository: Sendable {
    /// The season with this number of the series with this identifier.
    ///
    /// - Throws: ``TVSeriesRepositoryError/notFound`` when there is no such season,
    ///   ``TVSeriesRepositoryError/unavailable(_:)`` when it cannot be fetched.
    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) async throws(TVSeriesRepositoryError) -> TVSeason
}
