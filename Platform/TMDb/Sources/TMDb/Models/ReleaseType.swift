/// The kind of a release (TMDb `type` 1–6). Unknown future values are kept as raw values.
public struct ReleaseType: RawRepresentable, Decodable, Sendable, Equatable, Hashable {
    /// The TMDb numeric code.
    public let rawValue: Int

    /// Creates a release type from its TMDb code.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Premiere (1).
    public static let premiere = ReleaseType(rawValue: 1)
    /// Limited theatrical release (2).
    public static let theatricalLimited = ReleaseType(rawValue: 2)
    /// Theatrical release (3).
    public static let theatrical = ReleaseType(rawValue: 3)
    /// Digital release (4).
    public static let digital = ReleaseType(rawValue: 4)
    /// Physical release (5).
    public static let physical = ReleaseType(rawValue: 5)
    /// TV release (6).
    public static let tv = ReleaseType(rawValue: 6)
}
