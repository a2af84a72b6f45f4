extension Logger {
    /// Logs `message` at swift-log's `trace` level (Apple's debug type).
    public func trace(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.trace, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `debug`.
    public func debug(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.debug, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `info`.
    public func info(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.info, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `notice` (Apple's default type).
    public func notice(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.notice, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `warning` (Apple's error type).
    public func warning(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.warning, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `error`.
    public func error(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.error, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `critical` (Apple's fault type).
    public func critical(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.critical, message, file: file, function: function, line: line)
    }

    /// Logs `message` at `critical`: swift-log has no fault level.
    public func fault(
        _ message: OSLogMessage, file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        send(.critical, message, file: file, function: function, line: line)
    }
}
