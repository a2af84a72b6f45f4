import Foundation

/// Whether a log shows the values its messages mark private (Linux only; Apple's logs decide
/// when they are read, here they are decided when the message is written).
///
/// Values logged `.private`, and strings and objects logged `.auto`, are redacted unless
/// private data is shown. Values logged `.sensitive` are redacted always, as on Apple
/// platforms; `.public` values and `.auto` numbers and booleans are shown always.
public enum OSLogPrivateData: Sendable, Equatable {
    /// Private values appear as `<private>`, or as `<mask.hash: '…'>` with `mask: .hash`.
    case redacted
    /// Private values appear as they are: for development, as Apple shows them to a debugger.
    case shown

    /// The name of the environment variable that shows private data: `OSLOG_PRIVATE_DATA=show`
    /// (or `1`, `true`, `yes`) shows it; anything else, or no variable, redacts it.
    public static let environmentVariable = "OSLOG_PRIVATE_DATA"

    /// The choice the process's environment makes, read when a log is made.
    public static var environment: OSLogPrivateData {
        OSLogPrivateData(environment: ProcessInfo.processInfo.environment)
    }

    /// The choice an environment makes.
    init(environment: [String: String]) {
        let value = environment[Self.environmentVariable]?.lowercased() ?? ""
        self = ["show", "1", "true", "yes"].contains(value) ? .shown : .redacted
    }
}
