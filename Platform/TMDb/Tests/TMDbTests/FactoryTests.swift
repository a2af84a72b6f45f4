import Foundation
import Testing

@testable import TMDb

@Suite("Service factory and configuration")
struct FactoryTests {
    @Test func tokenSelectsTheHTTPClient() {
        IsolatedHome.activate()
        let service = TMDbServiceFactory.makeService(environment: ["TMDB_API_TOKEN": "abc123456"])
        #expect(service is TMDbClient)
    }

    @Test(arguments: [[:], ["TMDB_API_TOKEN": ""], ["TMDB_API_TOKEN": "  \n"], ["TMDB_BASE_URL": "http://x"]])
    func missingTokenSelectsTheOfflineCatalog(environment: [String: String]) {
        let service = TMDbServiceFactory.makeService(environment: environment)
        #expect(service is OfflineCatalog)
    }

    @Test func configurationReadsTheEnvironment() throws {
        let custom = try #require(
            TMDbConfiguration(environment: ["TMDB_API_TOKEN": " tok ", "TMDB_BASE_URL": "http://127.0.0.1:9/3"]))
        #expect(custom.apiToken == "tok")
        #expect(custom.baseURL.absoluteString == "http://127.0.0.1:9/3")
        let fallback = try #require(TMDbConfiguration(environment: ["TMDB_API_TOKEN": "t", "TMDB_BASE_URL": "nope"]))
        #expect(fallback.baseURL == TMDbConfiguration.defaultBaseURL)
        #expect(fallback.baseURL.absoluteString == "https://api.themoviedb.org/3")
        #expect(fallback.language == "en-US")
        #expect(TMDbConfiguration(environment: [:]) == nil)
    }

    @Test func timeoutIsBounded() {
        #expect(TMDbConfiguration(apiToken: "t", timeout: .infinity).boundedTimeout == 86_400)
        #expect(TMDbConfiguration(apiToken: "t", timeout: .nan).boundedTimeout == 86_400)
        #expect(TMDbConfiguration(apiToken: "t", timeout: -1).boundedTimeout == 0)
        #expect(TMDbConfiguration(apiToken: "t", timeout: 0.3).boundedTimeout == 0.3)
    }

    @Test func endpointURLsKeepTheBasePath() throws {
        let base = try #require(URL(string: "https://api.themoviedb.org/3/"))
        let url = try TMDbEndpoint.popularMovies(page: 2).url(baseURL: base, language: nil)
        #expect(url.absoluteString == "https://api.themoviedb.org/3/movie/popular?page=2")
        let search = try TMDbEndpoint.multiSearch(query: "a+b c", page: 1).url(baseURL: base, language: "fr-FR")
        #expect(
            search.absoluteString == "https://api.themoviedb.org/3/search/multi?query=a%2Bb%20c&page=1&language=fr-FR")
    }

    @Test func errorDescriptionsAreReadable() {
        #expect(TMDbError.rateLimited(retryAfter: 5).description.contains("retry after 5 s"))
        #expect(TMDbError.serverError(status: 503).description.contains("503"))
        #expect(TMDbError.rateLimited(retryAfter: nil).isTransient)
        #expect(!TMDbError.notFound.isTransient)
        let failure = TMDbDecodingFailure(codingPath: "results[3].release_date", field: "release_date", detail: "bad")
        #expect(TMDbError.decoding(failure).description == "Undecodable TMDb response: results[3].release_date: bad")
    }
}
