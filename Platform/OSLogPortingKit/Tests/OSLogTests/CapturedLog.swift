import Logging
import OSLog
import Synchronization

/// The messages a test's log received, through a swift-log handler made for that log only:
/// no test bootstraps `LoggingSystem`, which a process can do once.
final class CapturedLog: Sendable {
    struct Record: Equatable, Sendable {
        let label: String
        let level: Logging.Logger.Level
        let message: String
    }

    private let received = Mutex<[Record]>([])

    var records: [Record] { received.withLock { $0 } }
    var messages: [String] { records.map(\.message) }

    /// A `Logger` of `category` in `subsystem` whose messages this captures, passing those
    /// at `level` and above.
    func logger(
        subsystem: String = "com.example.tests", category: String = "capture",
        privateData: OSLogPrivateData = .redacted, level: Logging.Logger.Level = .trace
    ) -> OSLogger {
        OSLogger(log(subsystem: subsystem, category: category, privateData: privateData, level: level))
    }

    /// An `OSLog` whose messages this captures.
    func log(
        subsystem: String = "com.example.tests", category: String = "capture",
        privateData: OSLogPrivateData = .redacted, level: Logging.Logger.Level = .trace
    ) -> OSLog {
        OSLog(subsystem: subsystem, category: category, privateData: privateData) { label in
            Handler(label: label, log: self, logLevel: level)
        }
    }

    fileprivate func append(_ record: Record) {
        received.withLock { $0.append(record) }
    }
}

private struct Handler: LogHandler {
    let label: String
    let log: CapturedLog
    var logLevel: Logging.Logger.Level
    var metadata: Logging.Logger.Metadata = [:]
    var metadataProvider: Logging.Logger.MetadataProvider?

    init(label: String, log: CapturedLog, logLevel: Logging.Logger.Level) {
        self.label = label
        self.log = log
        self.logLevel = logLevel
    }

    subscript(metadataKey key: String) -> Logging.Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        log.append(CapturedLog.Record(label: label, level: event.level, message: event.message.description))
    }
}
