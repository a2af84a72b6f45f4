import Foundation
import Logging

/// The log handler of `popcorn` without `-v`: warnings (a cache recreated, say) are one
/// line each on standard error; errors are left to the command's own one-line message,
/// and everything else is quiet.
struct WarningLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .warning

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        guard event.level == .warning else { return }
        FileHandle.standardError.write(Data("popcorn: warning: \(event.message)\n".utf8))
    }
}
