import Foundation
import PopcornTestSupport
import TVSeriesDomain
import TVSeriesInfrastructure

/// A remote that serves fixed values, counts the calls, and can be told to fail.
actor MockTVSeriesRemote: TVSeriesRemoteDataSource {
    /// The calls, and the failure every call answers with when one is set.
    let recorder = CallRecorder<TVSeriesRemoteDataSourceError>()
    private var seriesName = "Breaking Bad"

    func rename(_ name: String) { seriesName = name }

    func tvSeries(withID id: Int) throws(TVSeriesRemoteDataSourceError) -> TVSeries {
        try recorder.record("series \(id)")
        guard id != 404 else { throw .notFound }
        return Fixtures.series(id: id, name: seriesName)
    }

    func credits(forTVSeries id: Int) throws(TVSeriesRemoteDataSourceError) -> Credits {
        try recorder.record("credits \(id)")
        return Fixtures.credits
    }

    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) throws(TVSeriesRemoteDataSourceError) -> TVSeason {
        try recorder.record("season \(seasonNumber) of \(tvSeriesID)")
        return Fixtures.season(seasonNumber, ofTVSeries: tvSeriesID)
    }

    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) throws(TVSeriesRemoteDataSourceError) -> TVEpisode {
        try recorder.record("episode \(episodeNumber) of season \(seasonNumber) of \(tvSeriesID)")
        return Fixtures.episode(episodeNumber, inSeason: seasonNumber)
    }
}
