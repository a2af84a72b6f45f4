import DiscoverDomain
import DiscoverInfrastructure
import Foundation
import TMDb

/// The Discover context's remote data source, served by TMDb (or the offline catalog).
struct TMDbDiscoverRemoteDataSource: DiscoverRemoteDataSource {
    let service: any TMDbService

    func movies(matching filter: DiscoverDomain.DiscoverFilter, page: Int) async throws(DiscoverRemoteDataSourceError)
        -> DiscoverPage<DiscoverDomain.MoviePreview>
    {
        let result = try await call { () async throws(TMDbError) in
            try await service.discoverMovies(Self.tmdbFilter(filter, page: page))
        }
        return DiscoverPage(
            page: result.page, totalPages: result.totalPages, totalResults: result.totalResults,
            items: result.results.map {
                DiscoverDomain.MoviePreview(
                    id: $0.id, title: $0.title, overview: $0.overview.nilIfEmpty, releaseDate: $0.releaseDate,
                    posterPath: $0.posterPath, backdropPath: $0.backdropPath, voteAverage: $0.voteAverage,
                    genreIDs: $0.genreIDs, originalLanguage: $0.originalLanguage)
            })
    }

    func tvSeries(matching filter: DiscoverDomain.DiscoverFilter, page: Int)
        async throws(DiscoverRemoteDataSourceError) -> DiscoverPage<DiscoverDomain.TVSeriesPreview>
    {
        let result = try await call { () async throws(TMDbError) in
            try await service.discoverTVSeries(Self.tmdbFilter(filter, page: page))
        }
        return DiscoverPage(
            page: result.page, totalPages: result.totalPages, totalResults: result.totalResults,
            items: result.results.map {
                DiscoverDomain.TVSeriesPreview(
                    id: $0.id, name: $0.name, overview: $0.overview.nilIfEmpty, firstAirDate: $0.firstAirDate,
                    posterPath: $0.posterPath, backdropPath: $0.backdropPath, voteAverage: $0.voteAverage,
                    genreIDs: $0.genreIDs, originalLanguage: $0.originalLanguage)
            })
    }

    private static func tmdbFilter(_ filter: DiscoverDomain.DiscoverFilter, page: Int) -> TMDb.DiscoverFilter {
        TMDb.DiscoverFilter(genreIDs: filter.genreIDs, originalLanguage: filter.originalLanguage, page: page)
    }

    private func call<T>(_ body: () async throws(TMDbError) -> T) async throws(DiscoverRemoteDataSourceError) -> T {
        try await tmdbCall(
            notFound: DiscoverRemoteDataSourceError.notFound, failed: DiscoverRemoteDataSourceError.failed, body)
    }
}
