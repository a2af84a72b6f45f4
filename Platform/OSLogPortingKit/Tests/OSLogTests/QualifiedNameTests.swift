import OSLog
import Testing

// Apple's OSLog module re-exports `os`, which declares Logger: code that imports OSLog and
// writes `os.Logger` (to tell it from another module's Logger) names the same type.

@Suite("os.Logger after import OSLog")
struct QualifiedNameTests {
    @Test("os.Logger, os.OSLog and os.OSLogType name the os module's types")
    func moduleQualified() {
        let captured = CapturedLog()
        let log: os.OSLog = captured.log(subsystem: "com.example.app", category: "store")
        let logger: os.Logger = os.Logger(log)
        logger.log(level: os.OSLogType.error, "Could not open the store")
        #expect(captured.messages == ["Could not open the store"])
        #expect(captured.records.map(\.level) == [.error])
    }
}
