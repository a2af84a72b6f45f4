import Logging
import Synchronization

/// The messages logged through loggers made by ``makeCapturingLogger(_:)``.
final class LogCapture: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
    }

    private let storage = Mutex<[Entry]>([])

    var entries: [Entry] { storage.withLock { $0 } }

    func append(_ entry: Entry) {
        storage.withLock { $0.append(entry) }
    }

    /// The messages logged at a level.
    func messages(at level: Logger.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }

    /// A logger that records here; the global logging system is left alone.
    func makeLogger(label: String = "test") -> Logger {
        Logger(label: label) { _ in CapturingLogHandler(capture: self) }
    }
}

/// A log handler that records every message in a ``LogCapture``.
struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        capture.append(LogCapture.Entry(level: event.level, message: event.message.description))
    }
}
