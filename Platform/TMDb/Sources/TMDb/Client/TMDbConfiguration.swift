import Foundation

/// Settings of a ``TMDbClient``.
public struct TMDbConfiguration: Sendable {
    /// `https://api.themoviedb.org/3`.
    public static let defaultBaseURL: URL = {
        guard let url = URL(string: "https://api.themoviedb.org/3") else {
            preconditionFailure("The default TMDb base URL literal is invalid")
        }
        return url
    }()

    /// The environment variable holding the v4 read access token (a bearer token).
    public static let tokenEnvironmentKey = "TMDB_API_TOKEN"
    /// The environment variable overriding ``baseURL``.
    public static let baseURLEnvironmentKey = "TMDB_BASE_URL"

    /// The bearer token sent in `Authorization`. Never logged nor put in error descriptions.
    public var apiToken: String
    /// The API root, e.g. `https://api.themoviedb.org/3`; endpoint paths are appended to it.
    public var baseURL: URL
    /// Sent as the `language` query parameter when non-nil, e.g. `en-US`.
    public var language: String?
    /// Per-request timeout in seconds.
    public var timeout: TimeInterval
    /// Receives one line per request (method, path with query, status, duration). Never contains the token.
    public var logger: (@Sendable (String) -> Void)?

    /// Creates a configuration.
    public init(
        apiToken: String,
        baseURL: URL = TMDbConfiguration.defaultBaseURL,
        language: String? = "en-US",
        timeout: TimeInterval = 15,
        logger: (@Sendable (String) -> Void)? = nil
    ) {
        self.apiToken = apiToken
        self.baseURL = baseURL
        self.language = language
        self.timeout = timeout
        self.logger = logger
    }

    /// ``timeout`` clamped to 0...86 400 s (NaN and infinity become a day), safe to convert to nanoseconds.
    var boundedTimeout: TimeInterval {
        guard timeout.isFinite else { return 86_400 }
        return min(max(timeout, 0), 86_400)
    }

    /// Reads `TMDB_API_TOKEN` and `TMDB_BASE_URL` from `environment`.
    ///
    /// Returns `nil` when the token is absent or blank. An unparsable base URL falls back to
    /// ``defaultBaseURL``.
    public init?(environment: [String: String]) {
        let token = environment[Self.tokenEnvironmentKey]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !token.isEmpty else { return nil }
        var baseURL = Self.defaultBaseURL
        if let raw = environment[Self.baseURLEnvironmentKey]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !raw.isEmpty, let url = URL(string: raw), url.scheme == "http" || url.scheme == "https", url.host != nil
        {
            baseURL = url
        }
        self.init(apiToken: token, baseURL: baseURL)
    }
}
