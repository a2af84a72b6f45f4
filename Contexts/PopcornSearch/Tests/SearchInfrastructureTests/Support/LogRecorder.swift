import Foundation
import Logging

/// Records log messages, to check what the factory said.
final class LogRecorder: LogHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(level: Logger.Level, message: String)] = []
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lock.withLock { recorded.append((event.level, event.message.description)) }
    }

    var messages: [String] { lock.withLock { recorded.map(\.message) } }

    var logger: Logger { Logger(label: "PopcornSearchTests") { _ in self } }
}

extension Logger {
    /// A logger that drops everything, to keep the test output readable.
    static var quiet: Logger { Logger(label: "PopcornSearchTests.quiet") { _ in SwiftLogNoOpLogHandler() } }
}
