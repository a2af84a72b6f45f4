import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``TMDbService`` backed by the TMDb v3 HTTP API, using `URLSession`.
///
/// Requests carry `Authorization: Bearer <token>` and `Accept: application/json`.
/// The session is ephemeral: no cache, no cookies, nothing written to disk.
public final class TMDbClient: TMDbService {
    private let configuration: TMDbConfiguration
    private let session: URLSession
    private let decoder = TMDbResponseDecoder()

    /// Creates a client with `configuration`.
    public init(configuration: TMDbConfiguration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = Self.transportTimeout(for: configuration.boundedTimeout)
        sessionConfiguration.timeoutIntervalForResource = Self.transportTimeout(for: configuration.boundedTimeout)
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.urlCredentialStorage = nil
        session = URLSession(configuration: sessionConfiguration)
    }

    /// Creates a client for `apiToken`, with the other settings at their defaults.
    public convenience init(apiToken: String, baseURL: URL = TMDbConfiguration.defaultBaseURL) {
        self.init(configuration: TMDbConfiguration(apiToken: apiToken, baseURL: baseURL))
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func movieDetails(id: Int) async throws(TMDbError) -> Movie {
        try await get(.movieDetails(id: id))
    }

    public func movieCredits(id: Int) async throws(TMDbError) -> Credits {
        try await get(.movieCredits(id: id))
    }

    public func movieImages(id: Int) async throws(TMDbError) -> ImageCollection {
        try await get(.movieImages(id: id))
    }

    public func movieReleaseDates(id: Int) async throws(TMDbError) -> ReleaseDates {
        try await get(.movieReleaseDates(id: id))
    }

    public func popularMovies(page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        try validatePage(page)
        return try await get(.popularMovies(page: page))
    }

    public func similarMovies(id: Int, page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        try validatePage(page)
        return try await get(.similarMovies(id: id, page: page))
    }

    public func movieRecommendations(id: Int, page: Int) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        try validatePage(page)
        return try await get(.movieRecommendations(id: id, page: page))
    }

    public func tvSeriesDetails(id: Int) async throws(TMDbError) -> TVSeries {
        try await get(.tvSeriesDetails(id: id))
    }

    public func tvSeriesCredits(id: Int) async throws(TMDbError) -> Credits {
        try await get(.tvSeriesCredits(id: id))
    }

    public func tvSeason(seriesID: Int, seasonNumber: Int) async throws(TMDbError) -> TVSeason {
        try await get(.tvSeason(seriesID: seriesID, seasonNumber: seasonNumber))
    }

    public func tvEpisode(seriesID: Int, seasonNumber: Int, episodeNumber: Int) async throws(TMDbError) -> TVEpisode {
        try await get(.tvEpisode(seriesID: seriesID, seasonNumber: seasonNumber, episodeNumber: episodeNumber))
    }

    public func discoverMovies(_ filter: DiscoverFilter) async throws(TMDbError) -> TMDbPage<MovieListItem> {
        try validatePage(filter.page)
        return try await get(.discoverMovies(filter))
    }

    public func discoverTVSeries(_ filter: DiscoverFilter) async throws(TMDbError) -> TMDbPage<TVSeriesListItem> {
        try validatePage(filter.page)
        return try await get(.discoverTVSeries(filter))
    }

    public func multiSearch(query: String, page: Int) async throws(TMDbError) -> TMDbPage<MultiSearchResult> {
        try validatePage(page)
        return try await get(.multiSearch(query: query, page: page))
    }

    public func movieGenres() async throws(TMDbError) -> [Genre] {
        let list: GenreList = try await get(.movieGenres)
        return list.genres
    }

    public func tvGenres() async throws(TMDbError) -> [Genre] {
        let list: GenreList = try await get(.tvGenres)
        return list.genres
    }

    // MARK: - Transport

    /// Sends a GET for `endpoint` and decodes the 2xx body as `Response`.
    private func get<Response: Decodable>(_ endpoint: TMDbEndpoint) async throws(TMDbError) -> Response {
        let url = try endpoint.url(baseURL: configuration.baseURL, language: configuration.language)
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: Self.transportTimeout(for: configuration.boundedTimeout))
        request.httpMethod = "GET"
        request.setValue("Bearer \(configuration.apiToken)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")

        let logTarget = redact(Self.pathAndQuery(of: url))
        let start = Date()
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await send(request)
        } catch {
            let failure = TMDbError.network(networkFailure(from: error))
            log("GET \(logTarget) failed after \(elapsedMilliseconds(since: start)) ms: \(failure)")
            throw failure
        }
        guard let http = response as? HTTPURLResponse else {
            let failure = TMDbError.network(TMDbNetworkFailure(kind: .other, detail: "response is not HTTP"))
            log("GET \(logTarget) failed: \(failure)")
            throw failure
        }
        log("GET \(logTarget) -> \(http.statusCode) in \(elapsedMilliseconds(since: start)) ms")
        if let error = TMDbHTTPStatus.error(for: http) {
            throw error
        }
        do {
            return try decoder.decode(Response.self, from: data)
        } catch {
            let failure = TMDbError.decoding(redact(error))
            log("GET \(logTarget) undecodable: \(failure)")
            throw failure
        }
    }

    /// Runs `request`, failing with `URLError(.timedOut)` once ``TMDbConfiguration/timeout`` elapses.
    ///
    /// The deadline is enforced here because swift-corelibs-foundation truncates
    /// `URLRequest.timeoutInterval` to whole seconds (0.3 s would become an immediate timeout).
    private func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let session = session
        let nanoseconds = UInt64(configuration.boundedTimeout * 1_000_000_000)
        return try await withThrowingTaskGroup(of: (Data, URLResponse)?.self) { group in
            group.addTask { try await session.data(for: request) }
            group.addTask {
                try await Task.sleep(nanoseconds: nanoseconds)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                throw URLError(.timedOut)
            }
            return result
        }
    }

    /// The timeout handed to `URLSession`: whole seconds, one more than the configured deadline,
    /// so that ``send(_:)`` reports the timeout first.
    private static func transportTimeout(for timeout: TimeInterval) -> TimeInterval {
        max(1, timeout.rounded(.up)) + 1
    }

    private func networkFailure(from error: any Error) -> TMDbNetworkFailure {
        if error is CancellationError {
            return TMDbNetworkFailure(kind: .cancelled, detail: "task cancelled")
        }
        guard let urlError = error as? URLError else {
            return TMDbNetworkFailure(kind: .other, detail: redact(String(describing: type(of: error))))
        }
        let kind: TMDbNetworkFailure.Kind =
            switch urlError.code {
            case .timedOut: .timedOut
            case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet: .cannotConnect
            case .networkConnectionLost: .connectionLost
            case .cancelled: .cancelled
            default: .other
            }
        return TMDbNetworkFailure(kind: kind, detail: "URLError code \(urlError.code.rawValue)")
    }

    private func redact(_ failure: TMDbDecodingFailure) -> TMDbDecodingFailure {
        TMDbDecodingFailure(codingPath: failure.codingPath, field: failure.field, detail: redact(failure.detail))
    }

    /// Removes the token from `text`, in case a server echoes it back.
    private func redact(_ text: String) -> String {
        let token = configuration.apiToken
        guard token.count >= 4 else { return text }
        return text.replacingOccurrences(of: token, with: "<redacted>")
    }

    private func log(_ line: @autoclosure () -> String) {
        guard let logger = configuration.logger else { return }
        logger(redact(line()))
    }

    private func elapsedMilliseconds(since start: Date) -> Int {
        Int((Date().timeIntervalSince(start) * 1_000).rounded())
    }

    private static func pathAndQuery(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
        if let query = components.percentEncodedQuery, !query.isEmpty {
            return components.percentEncodedPath + "?" + query
        }
        return components.percentEncodedPath
    }
}
