import Testing

@testable import OSLog

@Suite("os_log")
struct OSLogFunctionTests {
    @Test("os_log writes the format at its type, strings private unless annotated public")
    func function() {
        let captured = CapturedLog()
        let log = captured.log(subsystem: "com.example.app", category: "sync")
        let name = "inbox"
        os_log("Synced %{public}@ with %d items in %.2f s", log: log, type: .info, name, 12, 0.5)
        os_log("Account %@, token %{private}s, id %{public}ld", log: log, type: .error, "ada", "secret", 7)
        os_log(.fault, log: log, "Lost %{sensitive, mask.hash}@ at %u%%", "record", UInt32(3))
        os_log("Defaulted", log: log)
        #expect(
            captured.messages == [
                "Synced inbox with 12 items in 0.50 s", "Account <private>, token <private>, id 7",
                "Lost <mask.hash: '\(OSLogPrivacy.hash("record"))'> at 3%", "Defaulted",
            ])
        #expect(captured.records.map(\.level) == [.info, .error, .critical, .notice])
        #expect(captured.records.allSatisfy { $0.label == "com.example.app:sync" })
    }

    @Test("private values appear when the log shows private data; sensitive ones never")
    func shown() {
        let captured = CapturedLog()
        let log = captured.log(privateData: .shown)
        os_log("%@ %{private}@ %{sensitive}@", log: log, "a", "b", "c")
        #expect(captured.messages == ["a b <private>"])
    }

    @Test("a message below swift-log's level is not formatted")
    func filtered() {
        let captured = CapturedLog()
        os_log("quiet %d", log: captured.log(level: .error), type: .debug, 1)
        #expect(captured.messages.isEmpty)
    }
}
