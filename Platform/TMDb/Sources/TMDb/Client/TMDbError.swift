/// Everything that can go wrong when calling a ``TMDbService``.
///
/// Descriptions never contain the API token.
public enum TMDbError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// HTTP 401: the token is missing, invalid or revoked.
    case unauthorized
    /// HTTP 404, or an unknown id in the offline catalog.
    case notFound
    /// HTTP 429; `retryAfter` is the `Retry-After` header in seconds when TMDb sent one.
    case rateLimited(retryAfter: Int?)
    /// HTTP 5xx.
    case serverError(status: Int)
    /// Any other non-2xx HTTP status.
    case httpStatus(Int)
    /// The request did not complete: no connection, timeout, connection lost…
    case network(TMDbNetworkFailure)
    /// The response body did not match the expected shape.
    case decoding(TMDbDecodingFailure)
    /// The request was rejected before it was sent, e.g. page 0.
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .unauthorized:
            "TMDb rejected the API token (HTTP 401)"
        case .notFound:
            "TMDb resource not found (HTTP 404)"
        case .rateLimited(let retryAfter):
            if let retryAfter {
                "TMDb rate limit reached (HTTP 429), retry after \(retryAfter) s"
            } else {
                "TMDb rate limit reached (HTTP 429)"
            }
        case .serverError(let status):
            "TMDb server error (HTTP \(status))"
        case .httpStatus(let status):
            "Unexpected TMDb response (HTTP \(status))"
        case .network(let failure):
            "TMDb network failure: \(failure)"
        case .decoding(let failure):
            "Undecodable TMDb response: \(failure)"
        case .invalidRequest(let reason):
            "Invalid TMDb request: \(reason)"
        }
    }

    /// Whether retrying the same request later may succeed.
    public var isTransient: Bool {
        switch self {
        case .rateLimited, .serverError, .network: true
        default: false
        }
    }
}
