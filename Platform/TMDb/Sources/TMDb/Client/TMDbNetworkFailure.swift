/// Why a request to TMDb did not complete.
public struct TMDbNetworkFailure: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The category of failure.
    public enum Kind: String, Sendable, Equatable, Hashable {
        /// The request exceeded its timeout.
        case timedOut
        /// The host could not be resolved or reached.
        case cannotConnect
        /// The connection dropped mid-request.
        case connectionLost
        /// The task was cancelled.
        case cancelled
        /// Any other transport failure.
        case other
    }

    /// The category of failure.
    public let kind: Kind
    /// A human-readable detail (never contains the API token).
    public let detail: String

    /// Creates a failure.
    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// Whether the failure is a timeout.
    public var isTimeout: Bool { kind == .timedOut }

    public var description: String { "\(kind.rawValue) (\(detail))" }
}
