import Logging

/// A logger, as Apple's `Logger` in the `os` module: `Logger(subsystem:category:)`, then
/// `logger.error("Failed: \(message, privacy: .public)")`. Messages go to swift-log (see
/// `OSLog`), at the level of the method's name: `trace` to `error` and `critical` as they
/// are, `fault` as `critical` (swift-log has no fault), `log(_:)` as `notice` (Apple's
/// default type); `log(level:_:)` as its `OSLogType` says.
public struct Logger: Sendable {
    let osLog: OSLog

    /// A logger of `category` in `subsystem` (usually the app's bundle identifier).
    public init(subsystem: String, category: String) {
        self.osLog = OSLog(subsystem: subsystem, category: category)
    }

    /// A logger writing to `logObj`.
    public init(_ logObj: OSLog) {
        self.osLog = logObj
    }

    /// A logger writing to `OSLog.default`.
    public init() {
        self.osLog = .default
    }

    /// Logs `message` at the default type (swift-log `notice`).
    public func log(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.notice, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `level`: default as `notice`, info, debug, error, fault as `critical`.
    public func log(
        level: OSLogType, _ message: OSLogMessage, file: String = #fileID, function: String = #function,
        line: UInt = #line
    ) {
        send(level.swiftLogLevel, message, file: file, function: function, line: line)
    }

    /// Writes `message` if swift-log's level lets it through; only then are its values read.
    func send(_ level: Logging.Logger.Level, _ message: OSLogMessage, file: String, function: String, line: UInt) {
        osLog.destination.log(
            level: level, "\(message.rendered(privateData: osLog.privateData))", file: file, function: function,
            line: line)
    }
}
