import Foundation
import TVSeriesDomain
import TVSeriesInfrastructure

/// A remote that serves fixed values, counts the calls, and can be told to fail.
actor MockTVSeriesRemote: TVSeriesRemoteDataSource {
    private(set) var calls: [String] = []
    private var failure: TVSeriesRemoteDataSourceError?
    private var seriesName = "Breaking Bad"

    var callCount: Int { calls.count }

    func fail(with error: TVSeriesRemoteDataSourceError?) { failure = error }
    func rename(_ name: String) { seriesName = name }

    private func record(_ call: String) throws(TVSeriesRemoteDataSourceError) {
        calls.append(call)
        if let failure { throw failure }
    }

    func tvSeries(withID id: Int) throws(TVSeriesRemoteDataSourceError) -> TVSeries {
        try record("series \(id)")
        guard id != 404 else { throw .notFound }
        return Fixtures.series(id: id, name: seriesName)
    }

    func credits(forTVSeries id: Int) throws(TVSeriesRemoteDataSourceError) -> Credits {
        try record("credits \(id)")
        return Fixtures.credits
    }

    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) throws(TVSeriesRemoteDataSourceError) -> TVSeason {
        try record("season \(seasonNumber) of \(tvSeriesID)")
        return Fixtures.season(seasonNumber, ofTVSeries: tvSeriesID)
    }

    func episode(
        _ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int
    ) throws(TVSeriesRemoteDataSourceError) -> TVEpisode {
        try record("episode \(episodeNumber) of season \(seasonNumber) of \(tvSeriesID)")
        return Fixtures.episode(episodeNumber, inSeason: seasonNumber)
    }
}
