import Logging
import Testing

@testable import OSLog

@Suite("Logger levels")
struct LevelTests {
    @Test("each method logs at the swift-log level of its name, fault as critical")
    func methodLevels() {
        let captured = CapturedLog()
        let logger = captured.logger()
        logger.trace("trace")
        logger.debug("debug")
        logger.info("info")
        logger.notice("notice")
        logger.log("log")
        logger.warning("warning")
        logger.error("error")
        logger.critical("critical")
        logger.fault("fault")
        #expect(
            captured.records.map { "\($0.message) \($0.level)" } == [
                "trace trace", "debug debug", "info info", "notice notice", "log notice", "warning warning",
                "error error", "critical critical", "fault critical",
            ])
    }

    @Test("log(level:) maps each OSLogType")
    func typeLevels() {
        let captured = CapturedLog()
        let logger = captured.logger()
        for type in [OSLogType.default, .info, .debug, .error, .fault, OSLogType(0x05), OSLogType(rawValue: 0x20)] {
            logger.log(level: type, "message")
        }
        #expect(captured.records.map(\.level) == [.notice, .info, .debug, .error, .critical, .debug, .critical])
    }

    @Test("the label is subsystem:category")
    func label() {
        let captured = CapturedLog()
        captured.logger(subsystem: "com.example.app", category: "persistence").info("hello")
        let pointsOfInterest = OSLog(subsystem: "com.example.app", category: .pointsOfInterest)
        #expect(captured.records.map(\.label) == ["com.example.app:persistence"])
        #expect(
            OSLog.label("com.example.app", OSLog.Category.pointsOfInterest.rawValue)
                == "com.example.app:PointsOfInterest")
        #expect(OSLogger(pointsOfInterest).osLog === pointsOfInterest)
        #expect(OSLogger().osLog === OSLog.default)
    }

    @Test("a message below swift-log's level is not written, and its values are not read")
    func filtered() {
        let captured = CapturedLog()
        let logger = captured.logger(level: .error)
        let reads = Reads()
        logger.debug("debug \(reads.next())")
        logger.warning("warning \(reads.next())")
        logger.error("error \(reads.next())")
        #expect(captured.messages == ["error 1"])
        #expect(reads.count == 1)
    }

    @Test("isEnabled(type:) follows swift-log's level")
    func enabled() {
        let log = CapturedLog().log(level: .error)
        #expect(!log.isEnabled(type: .info))
        #expect(!log.isEnabled(type: .default))
        #expect(log.isEnabled(type: .error))
        #expect(log.isEnabled(type: .fault))
        #expect(!OSLog.disabled.isEnabled(type: .fault))
    }
}

/// Counts how often an interpolated value is read.
private final class Reads {
    private(set) var count = 0

    func next() -> Int {
        count += 1
        return count
    }
}
