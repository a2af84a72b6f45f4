import Foundation

/// Single episodes of TV series.
public protocol TVEpisodeRepository: Sendable {
    /// The episode with this number, in the season with this number, of the series with
    /// this identifier.
    ///
    /// - Throws: ``TVSeriesRepositoryError/notFound`` when there is no such episode,
    ///   ``TVSeriesRepositoryError/unavailable(_:)`` when it cannot be fetched.
    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) async throws(TVSeriesRepositoryError) -> TVEpisode
}
