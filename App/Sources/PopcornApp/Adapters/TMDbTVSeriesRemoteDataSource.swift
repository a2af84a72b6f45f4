import Foundation
import TMDb
import TVSeriesDomain
import TVSeriesInfrastructure

/// The TVSeries context's remote data source, served by TMDb (or the offline catalog).
struct TMDbTVSeriesRemoteDataSource: TVSeriesRemoteDataSource {
    let service: any TMDbService

    func tvSeries(withID id: Int) async throws(TVSeriesRemoteDataSourceError) -> TVSeriesDomain.TVSeries {
        let series = try await call { () async throws(TMDbError) in try await service.tvSeriesDetails(id: id) }
        return TVSeriesDomain.TVSeries(
            id: series.id, name: series.name, originalName: series.originalName,
            originalLanguage: series.originalLanguage, overview: series.overview.nilIfEmpty,
            firstAirDate: series.firstAirDate, lastAirDate: series.lastAirDate, status: series.status,
            genres: series.genres.map { TVSeriesDomain.Genre(id: $0.id, name: $0.name) },
            seasons: series.seasons.map {
                TVSeriesDomain.TVSeasonSummary(
                    id: $0.id, seasonNumber: $0.seasonNumber, name: $0.name, overview: $0.overview.nilIfEmpty,
                    airDate: $0.airDate, episodeCount: $0.episodeCount, posterPath: $0.posterPath)
            },
            numberOfSeasons: series.numberOfSeasons, numberOfEpisodes: series.numberOfEpisodes,
            posterPath: series.posterPath, backdropPath: series.backdropPath, voteAverage: series.voteAverage,
            voteCount: series.voteCount)
    }

    func credits(forTVSeries id: Int) async throws(TVSeriesRemoteDataSourceError) -> TVSeriesDomain.Credits {
        let credits = try await call { () async throws(TMDbError) in try await service.tvSeriesCredits(id: id) }
        return TVSeriesDomain.Credits(
            cast: credits.cast.map {
                TVSeriesDomain.CastMember(
                    id: $0.id, name: $0.name, character: $0.character.nilIfEmpty, order: $0.order,
                    profilePath: $0.profilePath)
            },
            crew: credits.crew.map {
                TVSeriesDomain.CrewMember(
                    id: $0.id, name: $0.name, job: $0.job, department: $0.department, profilePath: $0.profilePath)
            })
    }

    func season(_ seasonNumber: Int, ofTVSeries tvSeriesID: Int) async throws(TVSeriesRemoteDataSourceError)
        -> TVSeriesDomain.TVSeason
    {
        let season = try await call { () async throws(TMDbError) in
            try await service.tvSeason(seriesID: tvSeriesID, seasonNumber: seasonNumber)
        }
        return TVSeriesDomain.TVSeason(
            id: season.id, tvSeriesID: tvSeriesID, seasonNumber: season.seasonNumber, name: season.name,
            overview: season.overview.nilIfEmpty, airDate: season.airDate, posterPath: season.posterPath,
            episodes: season.episodes.map(Self.episode))
    }

    func episode(_ episodeNumber: Int, inSeason seasonNumber: Int, ofTVSeries tvSeriesID: Int)
        async throws(TVSeriesRemoteDataSourceError) -> TVSeriesDomain.TVEpisode
    {
        let episode = try await call { () async throws(TMDbError) in
            try await service.tvEpisode(seriesID: tvSeriesID, seasonNumber: seasonNumber, episodeNumber: episodeNumber)
        }
        return Self.episode(episode)
    }

    private static func episode(_ episode: TMDb.TVEpisode) -> TVSeriesDomain.TVEpisode {
        TVSeriesDomain.TVEpisode(
            id: episode.id, seasonNumber: episode.seasonNumber, episodeNumber: episode.episodeNumber,
            name: episode.name, overview: episode.overview.nilIfEmpty, airDate: episode.airDate,
            runtime: episode.runtime, stillPath: episode.stillPath, voteAverage: episode.voteAverage)
    }

    private func call<T>(_ body: () async throws(TMDbError) -> T) async throws(TVSeriesRemoteDataSourceError) -> T {
        try await tmdbCall(
            notFound: TVSeriesRemoteDataSourceError.notFound, failed: TVSeriesRemoteDataSourceError.failed, body)
    }
}
