import Logging

extension OSLogType {
    /// The swift-log level a message of this type is logged at. swift-log has no fault level:
    /// a fault is `critical`. A raw value Apple does not name maps to the nearest type below it.
    var swiftLogLevel: Logging.Logger.Level {
        switch rawValue {
        case OSLogType.fault.rawValue...: .critical
        case OSLogType.error.rawValue...: .error
        case OSLogType.debug.rawValue...: .debug
        case OSLogType.info.rawValue: .info
        default: .notice
        }
    }
}
