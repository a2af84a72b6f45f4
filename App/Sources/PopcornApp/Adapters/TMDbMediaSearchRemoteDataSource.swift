import Foundation
import SearchDomain
import SearchInfrastructure
import TMDb

/// The Search context's remote data source: TMDb's multi-search (or the offline catalog's).
struct TMDbMediaSearchRemoteDataSource: MediaSearchRemoteDataSource {
    let service: any TMDbService

    func search(query: String, page: Int) async throws(MediaSearchRemoteDataSourceError) -> MediaSearchResultPage {
        let result: TMDbPage<MultiSearchResult>
        do {
            result = try await service.multiSearch(query: query, page: page)
        } catch {
            throw .failed(error.description)
        }
        return MediaSearchResultPage(
            query: query, page: result.page, totalPages: result.totalPages, totalResults: result.totalResults,
            results: result.results.map { item in
                switch item {
                case .movie(let movie):
                    .movie(
                        SearchDomain.MoviePreview(
                            id: movie.id, title: movie.title, overview: movie.overview.nilIfEmpty,
                            releaseDate: movie.releaseDate, posterPath: movie.posterPath))
                case .tv(let series):
                    .tvSeries(
                        SearchDomain.TVSeriesPreview(
                            id: series.id, name: series.name, overview: series.overview.nilIfEmpty,
                            firstAirDate: series.firstAirDate, posterPath: series.posterPath))
                case .person(let person):
                    .person(
                        PersonPreview(
                            id: person.id, name: person.name, knownForDepartment: person.knownForDepartment,
                            profilePath: person.profilePath))
                }
            })
    }
}
