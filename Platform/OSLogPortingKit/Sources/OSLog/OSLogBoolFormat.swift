/// How an interpolated `Bool` is written, as Apple's `OSLogBoolFormat`.
public enum OSLogBoolFormat: Sendable, Equatable {
    /// `true` or `false`.
    case truth
    /// `YES` or `NO`.
    case answer

    func format(_ value: Bool) -> String {
        switch self {
        case .truth: value ? "true" : "false"
        case .answer: value ? "YES" : "NO"
        }
    }
}
