import DataPersistenceInfrastructure
import Foundation
import MoviesDomain
import PopcornTestSupport

@testable import MoviesInfrastructure

/// A remote that serves a fixed movie and counts the calls; it can be told to fail.
actor MockMovieRemote: MovieRemoteDataSource {
    /// The calls, and the failure every call answers with when one is set.
    let recorder = CallRecorder<MovieRemoteDataSourceError>()
    var title = "Fight Club"

    func retitle(_ newTitle: String) { title = newTitle }

    func movie(withID id: Int) throws(MovieRemoteDataSourceError) -> Movie {
        try recorder.record("movie \(id)")
        guard id != 404 else { throw .notFound }
        return Self.sampleMovie(id: id, title: title)
    }

    func credits(forMovie id: Int) throws(MovieRemoteDataSourceError) -> Credits {
        try recorder.record("credits \(id)")
        return Credits(
            cast: [
                CastMember(id: 2, name: "Second", character: "B", order: 1),
                CastMember(id: 1, name: "First", character: "A", order: 0),
            ],
            crew: [CrewMember(id: 3, name: "Director One", job: "Director", department: "Directing")])
    }

    func images(forMovie id: Int) throws(MovieRemoteDataSourceError) -> ImageCollection {
        try recorder.record("images \(id)")
        return ImageCollection(posters: [ImageMetadata(filePath: "/p.jpg", width: 500, height: 750)])
    }

    func certifications(forMovie id: Int) throws(MovieRemoteDataSourceError) -> [Certification] {
        try recorder.record("certifications \(id)")
        return [Certification(countryCode: "GB", rating: "18"), Certification(countryCode: "US", rating: "R")]
    }

    func page(_ page: Int, of list: MovieList) throws(MovieRemoteDataSourceError) -> MoviePreviewPage {
        try recorder.record("page \(page) of \(list.key)")
        return MoviePreviewPage(
            page: page, totalPages: 3, totalResults: 60,
            movies: (0..<3).map { MoviePreview(id: page * 100 + $0, title: "\(list.key) \(page).\($0)") })
    }

    static func sampleMovie(id: Int, title: String) -> Movie {
        Movie(
            id: id, title: title, originalTitle: title, originalLanguage: "en", overview: "An overview.",
            tagline: "A tagline", releaseDate: Date(timeIntervalSinceReferenceDate: -37_000_000), runtime: 139,
            status: "Released", genres: [Genre(id: 18, name: "Drama"), Genre(id: 53, name: "Thriller")],
            productionCompanies: [ProductionCompany(id: 1, name: "Studio", logoPath: "/s.png", originCountry: "US")],
            productionCountries: [ProductionCountry(countryCode: "US", name: "United States")],
            spokenLanguages: [SpokenLanguage(languageCode: "en", name: "English")],
            collection: MovieCollection(id: 9, name: "Collection", posterPath: "/c.jpg"),
            posterPath: "/poster.jpg", backdropPath: "/backdrop.jpg",
            homepageURL: URL(string: "https://example.com/movie"), imdbID: "tt0137523", voteAverage: 8.4,
            voteCount: 1000, popularity: 61.4, budget: 63_000_000, revenue: 100_853_753)
    }
}
