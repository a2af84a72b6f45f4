import Foundation
import Logging
import Synchronization

/// A log handler that records every message, for a factory's injected logger.
final class LogRecorder: LogHandler, Sendable {
    private let recorded = Mutex<[(Logger.Level, String)]>([])
    private let state = Mutex<(Logger.Metadata, Logger.Level)>(([:], .trace))

    var metadata: Logger.Metadata {
        get { state.withLock { $0.0 } }
        set { state.withLock { $0.0 = newValue } }
    }

    var logLevel: Logger.Level {
        get { state.withLock { $0.1 } }
        set { state.withLock { $0.1 = newValue } }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorded.withLock { $0.append((event.level, event.message.description)) }
    }

    var messages: [(level: Logger.Level, text: String)] { recorded.withLock { $0.map { ($0.0, $0.1) } } }

    var warnings: [String] { messages.filter { $0.level == .warning }.map(\.text) }

    var logger: Logger { Logger(label: "PopcornTVSeriesTests") { _ in self } }
}
