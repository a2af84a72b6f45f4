import Foundation
import Logging

/// A log, as Apple's `OSLog`: a subsystem and a category. Its messages go to the swift-log
/// logger labelled `subsystem:category` (as Apple's `log stream` writes them), made when the
/// log is made by the handler factory `LoggingSystem` was bootstrapped with: bootstrap
/// before the first log is made.
public final class OSLog: Sendable {
    /// The swift-log logger the messages go to.
    let destination: Logging.Logger
    /// Whether the messages show their private values, decided when the log is made.
    let privateData: OSLogPrivateData
    /// False for `OSLog.disabled` only.
    let isWritten: Bool

    /// A log of `category` in `subsystem` (usually the app's bundle identifier).
    public convenience init(subsystem: String, category: String) {
        self.init(destination: Logging.Logger(label: Self.label(subsystem, category)), privateData: .environment)
    }

    /// A log of one of Apple's special categories in `subsystem`.
    public convenience init(subsystem: String, category: OSLog.Category) {
        self.init(subsystem: subsystem, category: category.rawValue)
    }

    /// A log of `category` in `subsystem` whose messages go to the handler `factory` makes,
    /// instead of the bootstrapped factory's, and show private values as `privateData` says
    /// (Linux only: for tests, and for a log that must go elsewhere).
    public convenience init(
        subsystem: String, category: String, privateData: OSLogPrivateData = .environment,
        factory: (String) -> any LogHandler
    ) {
        let label = Self.label(subsystem, category)
        self.init(destination: Logging.Logger(label: label, factory: factory), privateData: privateData)
    }

    init(destination: Logging.Logger, privateData: OSLogPrivateData, isWritten: Bool = true) {
        self.destination = destination
        self.privateData = privateData
        self.isWritten = isWritten
    }

    /// The log of messages without a subsystem, labelled with the process's name.
    public static let `default` = OSLog(
        destination: Logging.Logger(label: ProcessInfo.processInfo.processName), privateData: .environment)

    /// A log that writes nothing.
    public static let disabled = OSLog(
        destination: Logging.Logger(label: "disabled", factory: { _ in SwiftLogNoOpLogHandler() }),
        privateData: .redacted, isWritten: false)

    /// Whether a message of `type` would be written: its swift-log level is at or above the
    /// logger's, and the log is not `disabled`.
    public func isEnabled(type: OSLogType) -> Bool {
        isWritten && destination.logLevel <= type.swiftLogLevel
    }

    static func label(_ subsystem: String, _ category: String) -> String {
        "\(subsystem):\(category)"
    }
}

extension OSLog {
    /// Apple's special categories. Their messages are logged as any other category's here:
    /// there are no signposts or Instruments on Linux.
    public struct Category: RawRepresentable, Equatable, Hashable, Sendable {
        /// The category's name.
        public let rawValue: String

        /// A category named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Apple's category for points of interest.
        public static let pointsOfInterest = Category(rawValue: "PointsOfInterest")
        /// Apple's category for dynamic tracing.
        public static let dynamicTracing = Category(rawValue: "DynamicTracing")
        /// Apple's category for dynamic tracing with stacks.
        public static let dynamicStackTracing = Category(rawValue: "DynamicStackTracing")
    }
}
