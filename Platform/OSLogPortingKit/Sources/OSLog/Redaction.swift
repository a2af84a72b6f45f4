import Foundation

extension OSLogPrivacy {
    /// What a log shows for a value formatted as `text`. `isScalar` is true for numbers and
    /// booleans, which `.auto` shows, as Apple's logs do.
    func display(_ text: String, isScalar: Bool, privateData: OSLogPrivateData) -> String {
        let redacted: Bool =
            switch level {
            case .public: false
            case .auto: !isScalar && privateData == .redacted
            case .private: privateData == .redacted
            case .sensitive: true
            }
        guard redacted else { return text }
        switch mask {
        case .none: return "<private>"
        case .hash: return "<mask.hash: '\(Self.hash(text))'>"
        }
    }

    /// A hash of `text` keyed by the process's random hashing seed (SipHash, through
    /// `Hasher`): equal texts match within a run, and no run's hashes can be looked up in a
    /// table made by another.
    static func hash(_ text: String) -> String {
        var hasher = Hasher()
        hasher.combine(text)
        let value = UInt64(bitPattern: Int64(hasher.finalize()))
        let bytes = (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        return Data(bytes).base64EncodedString()
    }
}
