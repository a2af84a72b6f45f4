/// The kind of a log message, as Apple's `OSLogType`: a message logged with
/// `log(level:_:)` goes to swift-log at the level this type maps to (see `Logger`).
public struct OSLogType: RawRepresentable, Equatable, Hashable, Sendable {
    /// Apple's raw value: 0x00 default, 0x01 info, 0x02 debug, 0x10 error, 0x11 fault.
    public let rawValue: UInt8

    /// A type made from Apple's raw value.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A type made from Apple's raw value.
    public init(_ type: UInt8) { self.rawValue = type }

    /// Messages that might be helpful, but not essential, for troubleshooting (swift-log `notice`).
    public static let `default` = OSLogType(rawValue: 0x00)
    /// Informative messages (swift-log `info`).
    public static let info = OSLogType(rawValue: 0x01)
    /// Messages useful while developing (swift-log `debug`).
    public static let debug = OSLogType(rawValue: 0x02)
    /// Errors (swift-log `error`).
    public static let error = OSLogType(rawValue: 0x10)
    /// Faults: bugs in the program itself (swift-log `critical`).
    public static let fault = OSLogType(rawValue: 0x11)
}
