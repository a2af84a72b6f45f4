import Logging
import Synchronization

/// Records what loggers made by it log, to check what code warned about; the global
/// logging system is left alone.
///
/// ```swift
/// let log = LogRecorder(label: "PopcornDiscoverTests")
/// let factory = DiscoverInfrastructureFactory(locations: locations, remoteDataSource: remote, logger: log.logger)
/// #expect(log.warnings.first?.contains("popcorn-discover.sqlite") == true)
/// ```
public final class LogRecorder: Sendable {
    /// One logged message.
    public struct Entry: Sendable {
        public let level: Logger.Level
        public let message: String
    }

    /// The label of ``logger``.
    public let label: String
    private let storage = Mutex<[Entry]>([])

    public init(label: String = "PopcornTests") {
        self.label = label
    }

    /// A logger, at trace level, that records here.
    public var logger: Logger { makeLogger(label: label) }

    /// A logger with another label that records here.
    public func makeLogger(label: String) -> Logger {
        Logger(label: label) { _ in RecordingLogHandler(recorder: self) }
    }

    /// Everything logged, in order.
    public var entries: [Entry] { storage.withLock { $0 } }

    /// Every message, whatever its level.
    public var messages: [String] { entries.map(\.message) }

    /// The messages logged at `level`.
    public func messages(at level: Logger.Level) -> [String] {
        entries.filter { $0.level == level }.map(\.message)
    }

    /// The warnings.
    public var warnings: [String] { messages(at: .warning) }

    fileprivate func append(_ entry: Entry) {
        storage.withLock { $0.append(entry) }
    }
}

/// The handler of a ``LogRecorder``'s loggers.
private struct RecordingLogHandler: LogHandler {
    let recorder: LogRecorder
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        recorder.append(LogRecorder.Entry(level: event.level, message: event.message.description))
    }
}

extension Logger {
    /// A logger that drops everything, to keep test output readable.
    public static var quiet: Logger { Logger(label: "PopcornTests.quiet") { _ in SwiftLogNoOpLogHandler() } }
}
