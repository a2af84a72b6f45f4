import Testing
import os

// `import os`, as older Apple code writes it, brings the same Logger and OSLog.

@Suite("import os")
struct ImportOSTests {
    @Test("Logger, OSLog and OSLogType come through the os module")
    func throughOS() {
        let captured = CapturedLog()
        let log: OSLog = captured.log(subsystem: "com.example.app", category: "network")
        let logger = Logger(log)
        logger.log(level: .fault, "Lost connection to \("example.com", privacy: .public) after \(3) tries")
        #expect(captured.messages == ["Lost connection to example.com after 3 tries"])
        #expect(captured.records.map(\.level) == [.critical])
    }
}
