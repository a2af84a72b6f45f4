import DataPersistenceInfrastructure
import OpenSwiftData

/// The models of the movies cache store, `popcorn-movies.sqlite`.
enum MoviesCacheSchema {
    static let models: [any PersistentModel.Type] = [
        MoviesMovieEntity.self,
        MoviesGenreEntity.self,
        MoviesProductionCompanyEntity.self,
        MoviesProductionCountryEntity.self,
        MoviesSpokenLanguageEntity.self,
        MoviesCollectionEntity.self,
        MoviesCreditsEntity.self,
        MoviesCastMemberEntity.self,
        MoviesCrewMemberEntity.self,
        MoviesImageCollectionEntity.self,
        MoviesCertificationEntity.self,
        MoviesPreviewPageEntity.self,
        MoviesMoviePreviewEntity.self,
    ]
}

// The entries the local data sources read and replace whole, each stamped when stored.
extension MoviesMovieEntity: CacheEntry {}
extension MoviesCreditsEntity: CacheEntry {}
extension MoviesImageCollectionEntity: CacheEntry {}
extension MoviesCertificationEntity: CacheEntry {}
extension MoviesPreviewPageEntity: CacheEntry {}
