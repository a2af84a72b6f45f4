import Foundation
import TVSeriesDomain

/// Where TV series come from when the cache does not have them, such as TMDb or the
/// offline catalog. The App implements it; this package only reads through it.
///
/// Every method answers in domain values and throws ``TVSeriesRemoteDataSourceError``.
public protocol TVSeriesRemoteDataSource: Sendable {
    /// The series with this identifier, with its genres and season summaries.
    func tvSeries(withID id: Int) async throws(TVSeriesRemoteDataSourceError) -> TVSeries

    /// The cast and crew of the series with this identifier.
    func credits(forTVSeries id: Int) async throws(TVSeriesRemoteDataSourceError) -> Credits

    /// The season with this number, with its episodes, of the series with this identifier.
    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) async throws(TVSeriesRemoteDataSourceError)
        -> TVSeason

    /// The episode with this number, in the season with this number, of the series with
    /// this identifier.
    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) async throws(TVSeriesRemoteDataSourceError) -> TVEpisode
}
