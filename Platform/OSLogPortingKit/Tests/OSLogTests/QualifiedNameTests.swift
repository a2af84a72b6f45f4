import Testing
import os

// Code that imports os and writes `os.Logger` (to tell it from another module's Logger)
// names the kit's types, as it names the os module's on Apple platforms.

@Suite("os.Logger after import os")
struct QualifiedNameTests {
    @Test("os.Logger, os.OSLog and os.OSLogType name the kit's types")
    func moduleQualified() {
        let captured = CapturedLog()
        let log: os.OSLog = captured.log(subsystem: "com.example.app", category: "store")
        let logger: os.Logger = os.Logger(log)
        logger.log(level: os.OSLogType.error, "Could not open the store")
        #expect(captured.messages == ["Could not open the store"])
        #expect(captured.records.map(\.level) == [.error])
    }
}
