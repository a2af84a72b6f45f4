import DataPersistenceInfrastructure
import Foundation
import Logging
import MoviesDomain
import Synchronization

@testable import MoviesInfrastructure

/// Cache and data folders under the system's temporary directory, removed at the end.
final class TemporaryLocations {
    let root: URL
    let locations: StoreLocations

    init() {
        root = FileManager.default.temporaryDirectory.appending(path: "PopcornMoviesTests-\(UUID().uuidString)")
        locations = StoreLocations(
            dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

/// A clock the tests move forward.
final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSinceReferenceDate: 800_000_000))

    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    var policy: CachePolicy { CachePolicy(timeToLive: 24 * 60 * 60, now: { self.now }) }
}

/// A remote that serves a fixed movie and counts the calls; it can be told to fail.
actor MockMovieRemote: MovieRemoteDataSource {
    private(set) var calls: [String] = []
    var failure: MovieRemoteDataSourceError?
    var title = "Fight Club"

    func fail(with error: MovieRemoteDataSourceError?) { failure = error }
    func retitle(_ newTitle: String) { title = newTitle }

    private func record(_ call: String) throws(MovieRemoteDataSourceError) {
        calls.append(call)
        if let failure { throw failure }
    }

    func movie(withID id: Int) throws(MovieRemoteDataSourceError) -> Movie {
        try record("movie \(id)")
        guard id != 404 else { throw .notFound }
        return Self.sampleMovie(id: id, title: title)
    }

    func credits(forMovie id: Int) throws(MovieRemoteDataSourceError) -> Credits {
        try record("credits \(id)")
        return Credits(
            cast: [
                CastMember(id: 2, name: "Second", character: "B", order: 1),
                CastMember(id: 1, name: "First", character: "A", order: 0),
            ],
            crew: [CrewMember(id: 3, name: "Director One", job: "Director", department: "Directing")])
    }

    func images(forMovie id: Int) throws(MovieRemoteDataSourceError) -> ImageCollection {
        try record("images \(id)")
        return ImageCollection(posters: [ImageMetadata(filePath: "/p.jpg", width: 500, height: 750)])
    }

    func certifications(forMovie id: Int) throws(MovieRemoteDataSourceError) -> [Certification] {
        try record("certifications \(id)")
        return [Certification(countryCode: "GB", rating: "18"), Certification(countryCode: "US", rating: "R")]
    }

    func page(_ page: Int, of list: MovieList) throws(MovieRemoteDataSourceError) -> MoviePreviewPage {
        try record("page \(page) of \(list.key)")
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

/// Records log messages, to check what the factory warned about.
final class LogRecorder: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(Logger.Level, String)] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { recorded.append((event.level, event.message.description)) }
    }

    var messages: [(Logger.Level, String)] { lock.withLock { recorded } }

    var logger: Logger { Logger(label: "test") { _ in self } }
}
