import Foundation
import MoviesDomain
import MoviesInfrastructure
import TMDb

/// The Movies context's remote data source, served by TMDb (or the offline catalog).
struct TMDbMovieRemoteDataSource: MovieRemoteDataSource {
    let service: any TMDbService

    func movie(withID id: Int) async throws(MovieRemoteDataSourceError) -> MoviesDomain.Movie {
        let movie = try await call { () async throws(TMDbError) in try await service.movieDetails(id: id) }
        return MoviesDomain.Movie(
            id: movie.id, title: movie.title, originalTitle: movie.originalTitle,
            originalLanguage: movie.originalLanguage, overview: movie.overview.nilIfEmpty,
            tagline: movie.tagline?.nilIfEmpty, releaseDate: movie.releaseDate, runtime: movie.runtime,
            status: movie.status, genres: movie.genres.map { MoviesDomain.Genre(id: $0.id, name: $0.name) },
            productionCompanies: movie.productionCompanies.map {
                MoviesDomain.ProductionCompany(
                    id: $0.id, name: $0.name, logoPath: $0.logoPath, originCountry: $0.originCountry)
            },
            productionCountries: movie.productionCountries.map {
                MoviesDomain.ProductionCountry(countryCode: $0.countryCode, name: $0.name)
            },
            spokenLanguages: movie.spokenLanguages.map {
                MoviesDomain.SpokenLanguage(languageCode: $0.languageCode, name: $0.englishName ?? $0.name)
            },
            collection: movie.belongsToCollection.map {
                MovieCollection(id: $0.id, name: $0.name, posterPath: $0.posterPath, backdropPath: $0.backdropPath)
            },
            posterPath: movie.posterPath, backdropPath: movie.backdropPath,
            homepageURL: movie.homepage.flatMap(URL.init(string:)), imdbID: movie.imdbID,
            voteAverage: movie.voteAverage, voteCount: movie.voteCount, popularity: movie.popularity,
            budget: movie.budget == 0 ? nil : movie.budget, revenue: movie.revenue == 0 ? nil : movie.revenue)
    }

    func credits(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> MoviesDomain.Credits {
        let credits = try await call { () async throws(TMDbError) in try await service.movieCredits(id: id) }
        return MoviesDomain.Credits(
            cast: credits.cast.map {
                MoviesDomain.CastMember(
                    id: $0.id, name: $0.name, character: $0.character.nilIfEmpty, order: $0.order,
                    profilePath: $0.profilePath)
            },
            crew: credits.crew.map {
                MoviesDomain.CrewMember(
                    id: $0.id, name: $0.name, job: $0.job, department: $0.department, profilePath: $0.profilePath)
            })
    }

    func images(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> MoviesDomain.ImageCollection {
        let images = try await call { () async throws(TMDbError) in try await service.movieImages(id: id) }
        func map(_ image: TMDbImage) -> ImageMetadata {
            ImageMetadata(
                filePath: image.filePath, width: image.width, height: image.height, voteAverage: image.voteAverage)
        }
        return MoviesDomain.ImageCollection(
            posters: images.posters.map(map), backdrops: images.backdrops.map(map), logos: images.logos.map(map))
    }

    func certifications(forMovie id: Int) async throws(MovieRemoteDataSourceError) -> [Certification] {
        let releases = try await call { () async throws(TMDbError) in try await service.movieReleaseDates(id: id) }
        return releases.results.compactMap { country in
            releases.certification(forCountry: country.countryCode).map {
                Certification(countryCode: country.countryCode, rating: $0)
            }
        }
    }

    func page(_ page: Int, of list: MovieList) async throws(MovieRemoteDataSourceError) -> MoviePreviewPage {
        let result = try await call { () async throws(TMDbError) in
            switch list {
            case .popular: try await service.popularMovies(page: page)
            case .similar(let id): try await service.similarMovies(id: id, page: page)
            case .recommendations(let id): try await service.movieRecommendations(id: id, page: page)
            }
        }
        return MoviePreviewPage(
            page: result.page, totalPages: result.totalPages, totalResults: result.totalResults,
            movies: result.results.map {
                MoviePreview(
                    id: $0.id, title: $0.title, overview: $0.overview.nilIfEmpty, releaseDate: $0.releaseDate,
                    posterPath: $0.posterPath, backdropPath: $0.backdropPath, voteAverage: $0.voteAverage)
            })
    }

    private func call<T>(_ body: () async throws(TMDbError) -> T) async throws(MovieRemoteDataSourceError) -> T {
        try await tmdbCall(
            notFound: MovieRemoteDataSourceError.notFound, failed: MovieRemoteDataSourceError.failed, body)
    }
}
