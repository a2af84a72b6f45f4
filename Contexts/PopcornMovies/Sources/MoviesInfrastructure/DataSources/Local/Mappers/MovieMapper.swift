import Foundation
import MoviesDomain

/// Maps cached movie entities to domain movies and back.
struct MovieMapper {
    func map(_ entity: MoviesMovieEntity) -> Movie {
        Movie(
            id: entity.movieID,
            title: entity.title,
            originalTitle: entity.originalTitle,
            originalLanguage: entity.originalLanguage,
            overview: entity.overview,
            tagline: entity.tagline,
            releaseDate: entity.releaseDate,
            runtime: entity.runtime,
            status: entity.status,
            genres: entity.genres.map { Genre(id: $0.genreID, name: $0.name) },
            productionCompanies: entity.productionCompanies.map {
                ProductionCompany(
                    id: $0.companyID, name: $0.name, logoPath: $0.logoPath, originCountry: $0.originCountry)
            },
            productionCountries: entity.productionCountries.map {
                ProductionCountry(countryCode: $0.countryCode, name: $0.name)
            },
            spokenLanguages: entity.spokenLanguages.map {
                SpokenLanguage(languageCode: $0.languageCode, name: $0.name)
            },
            collection: entity.collection.map {
                MovieCollection(
                    id: $0.collectionID, name: $0.name, posterPath: $0.posterPath, backdropPath: $0.backdropPath)
            },
            posterPath: entity.posterPath,
            backdropPath: entity.backdropPath,
            homepageURL: entity.homepageURL,
            imdbID: entity.imdbID,
            voteAverage: entity.voteAverage,
            voteCount: entity.voteCount,
            popularity: entity.popularity,
            budget: entity.budget,
            revenue: entity.revenue
        )
    }

    /// A new entity for a movie; its parts are new entities too.
    func map(_ movie: Movie, cachedAt: Date) -> MoviesMovieEntity {
        let entity = MoviesMovieEntity(movieID: movie.id, title: movie.title, cachedAt: cachedAt)
        entity.originalTitle = movie.originalTitle
        entity.originalLanguage = movie.originalLanguage
        entity.overview = movie.overview
        entity.tagline = movie.tagline
        entity.releaseDate = movie.releaseDate
        entity.runtime = movie.runtime
        entity.status = movie.status
        entity.posterPath = movie.posterPath
        entity.backdropPath = movie.backdropPath
        entity.homepageURL = movie.homepageURL
        entity.imdbID = movie.imdbID
        entity.voteAverage = movie.voteAverage
        entity.voteCount = movie.voteCount
        entity.popularity = movie.popularity
        entity.budget = movie.budget
        entity.revenue = movie.revenue
        entity.genres = movie.genres.map { MoviesGenreEntity(genreID: $0.id, name: $0.name) }
        entity.productionCompanies = movie.productionCompanies.map {
            MoviesProductionCompanyEntity(
                companyID: $0.id, name: $0.name, logoPath: $0.logoPath, originCountry: $0.originCountry)
        }
        entity.productionCountries = movie.productionCountries.map {
            MoviesProductionCountryEntity(countryCode: $0.countryCode, name: $0.name)
        }
        entity.spokenLanguages = movie.spokenLanguages.map {
            MoviesSpokenLanguageEntity(languageCode: $0.languageCode, name: $0.name)
        }
        entity.collection = movie.collection.map {
            MoviesCollectionEntity(
                collectionID: $0.id, name: $0.name, posterPath: $0.posterPath, backdropPath: $0.backdropPath)
        }
        return entity
    }
}
