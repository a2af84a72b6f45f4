import Foundation
import Testing

@testable import TMDb

/// Tests of ``TMDbClient`` against a loopback HTTP server started per test.
@Suite("TMDbClient over HTTP")
struct ClientTests {
    static let token = "test-token-5f1c2e9a7b3d"

    private func makeClient(
        _ server: LoopbackHTTPServer, timeout: TimeInterval = 5, logs: LogLineRecorder? = nil
    ) -> TMDbClient {
        IsolatedHome.activate()
        var logger: (@Sendable (String) -> Void)?
        if let logs {
            logger = { line in logs.record(line) }
        }
        return TMDbClient(
            configuration: TMDbConfiguration(
                apiToken: Self.token, baseURL: server.baseURL, language: "en-US", timeout: timeout, logger: logger))
    }

    private func expectNoToken(_ error: TMDbError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!error.description.contains(Self.token), sourceLocation: sourceLocation)
        #expect(!String(describing: error).contains(Self.token), sourceLocation: sourceLocation)
        #expect(!String(reflecting: error).contains(Self.token), sourceLocation: sourceLocation)
        #expect(!error.localizedDescription.contains(Self.token), sourceLocation: sourceLocation)
    }

    @Test func sendsBearerTokenAndDecodesDetails() async throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Fixtures.movieDetails) }
        defer { server.stop() }
        let movie = try await makeClient(server).movieDetails(id: 550)
        #expect(movie.title == "Harbour Lights")
        let request = try #require(server.receivedRequests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/3/movie/550")
        #expect(request.headers["authorization"] == "Bearer \(Self.token)")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.query == ["language": "en-US"])
    }

    @Test func popularSendsPageAndLanguage() async throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Fixtures.popularPage) }
        defer { server.stop() }
        let page = try await makeClient(server).popularMovies(page: 3)
        #expect(page.results.count == 4)
        let request = try #require(server.receivedRequests.first)
        #expect(request.path == "/3/movie/popular")
        #expect(request.query == ["page": "3", "language": "en-US"])
    }

    @Test func discoverSendsFilters() async throws {
        let server = try LoopbackHTTPServer { request in
            .init(body: request.path.hasSuffix("/tv") ? #"{"page": 2, "results": []}"# : Fixtures.popularPage)
        }
        defer { server.stop() }
        let client = makeClient(server)
        _ = try await client.discoverMovies(DiscoverFilter(genreIDs: [28, 12], originalLanguage: "ko", page: 2))
        _ = try await client.discoverTVSeries(DiscoverFilter(genreIDs: [18], page: 4))
        let requests = server.receivedRequests
        try #require(requests.count == 2)
        #expect(requests[0].path == "/3/discover/movie")
        #expect(requests[0].query["page"] == "2")
        #expect(requests[0].query["with_genres"] == "28,12")
        #expect(requests[0].query["with_original_language"] == "ko")
        #expect(requests[0].query["language"] == "en-US")
        #expect(requests[1].path == "/3/discover/tv")
        #expect(requests[1].query["page"] == "4")
        #expect(requests[1].query["with_genres"] == "18")
        #expect(requests[1].query["with_original_language"] == nil)
    }

    @Test func multiSearchEncodesQuery() async throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Fixtures.multiSearch) }
        defer { server.stop() }
        let page = try await makeClient(server).multiSearch(query: "Harbour & Co+ é", page: 1)
        #expect(page.results.count == 3)
        let request = try #require(server.receivedRequests.first)
        #expect(request.path == "/3/search/multi")
        #expect(request.query["query"] == "Harbour & Co+ é")
        #expect(request.query["page"] == "1")
        #expect(request.rawHead.contains("query=Harbour%20%26%20Co%2B%20%C3%A9"))
    }

    @Test func everyEndpointHitsTheTMDbPath() async throws {
        let server = try LoopbackHTTPServer(maxConnections: 64) { _ in .init(status: 404, body: "{}") }
        defer { server.stop() }
        let client = makeClient(server)
        let calls: [(String, @Sendable () async throws -> Void)] = [
            ("/3/movie/7", { _ = try await client.movieDetails(id: 7) }),
            ("/3/movie/7/credits", { _ = try await client.movieCredits(id: 7) }),
            ("/3/movie/7/images", { _ = try await client.movieImages(id: 7) }),
            ("/3/movie/7/release_dates", { _ = try await client.movieReleaseDates(id: 7) }),
            ("/3/movie/popular", { _ = try await client.popularMovies(page: 1) }),
            ("/3/movie/7/similar", { _ = try await client.similarMovies(id: 7, page: 1) }),
            ("/3/movie/7/recommendations", { _ = try await client.movieRecommendations(id: 7, page: 1) }),
            ("/3/tv/8", { _ = try await client.tvSeriesDetails(id: 8) }),
            ("/3/tv/8/credits", { _ = try await client.tvSeriesCredits(id: 8) }),
            ("/3/tv/8/season/2", { _ = try await client.tvSeason(seriesID: 8, seasonNumber: 2) }),
            (
                "/3/tv/8/season/2/episode/5",
                {
                    _ = try await client.tvEpisode(seriesID: 8, seasonNumber: 2, episodeNumber: 5)
                }
            ),
            ("/3/discover/movie", { _ = try await client.discoverMovies(DiscoverFilter()) }),
            ("/3/discover/tv", { _ = try await client.discoverTVSeries(DiscoverFilter()) }),
            ("/3/search/multi", { _ = try await client.multiSearch(query: "x", page: 1) }),
            ("/3/genre/movie/list", { _ = try await client.movieGenres() }),
            ("/3/genre/tv/list", { _ = try await client.tvGenres() }),
        ]
        for (path, call) in calls {
            do {
                try await call()
                Issue.record("\(path) should have thrown notFound")
            } catch {
                #expect(error as? TMDbError == .notFound, "\(path)")
            }
        }
        #expect(server.receivedRequests.map(\.path) == calls.map(\.0))
    }

    @Test func genresAreUnwrapped() async throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Fixtures.genres) }
        defer { server.stop() }
        let genres = try await makeClient(server).movieGenres()
        #expect(genres.map(\.name) == ["Action", "Adventure", "Drama"])
    }

    static let statusCases: [(status: Int, headers: [String: String], expected: TMDbError)] = [
        (401, [:], .unauthorized),
        (404, [:], .notFound),
        (429, ["Retry-After": "7"], .rateLimited(retryAfter: 7)),
        (429, [:], .rateLimited(retryAfter: nil)),
        (500, [:], .serverError(status: 500)),
        (503, ["Retry-After": "30"], .serverError(status: 503)),
        (418, [:], .httpStatus(418)),
    ]

    @Test(arguments: statusCases)
    func statusMapsToTypedError(status: Int, headers: [String: String], expected: TMDbError) async throws {
        let body = #"{"status_code": 7, "status_message": "Invalid API key: \#(Self.token)", "success": false}"#
        let server = try LoopbackHTTPServer { _ in .init(status: status, headers: headers, body: body) }
        defer { server.stop() }
        let logs = LogLineRecorder()
        do {
            _ = try await makeClient(server, logs: logs).movieDetails(id: 1)
            Issue.record("expected \(expected)")
        } catch {
            #expect(error == expected)
            expectNoToken(error)
        }
        #expect(!logs.lines.isEmpty)
        #expect(logs.lines.allSatisfy { !$0.contains(Self.token) })
    }

    @Test func retryAfterHTTPDateIsConvertedToSeconds() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(TMDbHTTPStatus.parseRetryAfter("Tue, 14 Nov 2023 22:14:00 GMT", now: now) == 40)
        #expect(TMDbHTTPStatus.parseRetryAfter("12", now: now) == 12)
        #expect(TMDbHTTPStatus.parseRetryAfter("soon", now: now) == nil)
    }

    @Test func slowServerTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Fixtures.movieDetails, delay: 2) }
        defer { server.stop() }
        let logs = LogLineRecorder()
        let start = Date()
        do {
            _ = try await makeClient(server, timeout: 0.3, logs: logs).movieDetails(id: 1)
            Issue.record("expected a timeout")
        } catch {
            guard case .network(let failure) = error else {
                Issue.record("expected a network error, got \(error)")
                return
            }
            #expect(failure.isTimeout)
            expectNoToken(error)
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.25)
        #expect(elapsed < 1.5)
        #expect(logs.lines.allSatisfy { !$0.contains(Self.token) })
    }

    @Test func closedPortIsANetworkFailure() async throws {
        let closedPort = try ReservedClosedPort()
        IsolatedHome.activate()
        let client = TMDbClient(
            configuration: TMDbConfiguration(apiToken: Self.token, baseURL: closedPort.baseURL, timeout: 2))
        do {
            _ = try await client.movieGenres()
            Issue.record("expected a network failure")
        } catch {
            guard case .network(let failure) = error else {
                Issue.record("expected a network error, got \(error)")
                return
            }
            #expect(failure.kind == .cannotConnect)
            expectNoToken(error)
        }
        withExtendedLifetime(closedPort) {}
    }

    @Test func malformedBodyIsADecodingErrorNamingTheField() async throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Fixtures.malformedPopularPage) }
        defer { server.stop() }
        do {
            _ = try await makeClient(server).popularMovies(page: 1)
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let failure) = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
            #expect(failure.codingPath == "results[3].release_date")
            #expect(failure.field == "release_date")
            #expect(error.description.contains("results[3].release_date"))
        }
    }

    @Test func tokenEchoedInBodyIsRedactedFromErrorsAndLogs() async throws {
        let body = #"{"page": 1, "results": [{"id": 1, "release_date": "\#(Self.token)"}]}"#
        let server = try LoopbackHTTPServer { _ in .init(body: body) }
        defer { server.stop() }
        let logs = LogLineRecorder()
        do {
            _ = try await makeClient(server, logs: logs).popularMovies(page: 1)
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let failure) = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
            #expect(failure.codingPath == "results[0].release_date")
            #expect(failure.detail.contains("<redacted>"))
            expectNoToken(error)
        }
        #expect(logs.lines.count == 2)
        #expect(logs.lines.allSatisfy { !$0.contains(Self.token) })
    }

    @Test func invalidPageIsRejectedWithoutARequest() async throws {
        let server = try LoopbackHTTPServer { _ in .init(body: Fixtures.popularPage) }
        defer { server.stop() }
        let client = makeClient(server)
        for page in [0, -1, 501] {
            await #expect(throws: TMDbError.self) { try await client.popularMovies(page: page) }
        }
        #expect(server.receivedRequests.isEmpty)
    }
}
