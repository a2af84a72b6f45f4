import Testing

@testable import OSLog

@Suite("Privacy")
struct PrivacyTests {
    @Test(".auto shows numbers and booleans and redacts strings, objects and types")
    func auto() {
        let captured = CapturedLog()
        let logger = captured.logger()
        let name = "Ada"
        logger.info(
            "\(42) \(2.5, format: .fixed(precision: 1)) \(true) \(name) \(URL(fileURLWithPath: "/tmp")) \(Int.self)")
        #expect(captured.messages == ["42 2.5 true <private> <private> <private>"])
    }

    @Test(".public is shown, .private and .sensitive are redacted")
    func levels() {
        let captured = CapturedLog()
        let logger = captured.logger()
        let name = "Ada"
        logger.info(
            "\(name, privacy: .public) \(name, privacy: .private) \(name, privacy: .sensitive) \(7, privacy: .private)")
        #expect(captured.messages == ["Ada <private> <private> <private>"])
    }

    @Test("with private data shown, .private and .auto values appear and .sensitive stays redacted")
    func shown() {
        let captured = CapturedLog()
        let logger = captured.logger(privateData: .shown)
        let name = "Ada"
        logger.info(
            "\(name) \(name, privacy: .private) \(name, privacy: .private(mask: .hash)) \(name, privacy: .sensitive)")
        #expect(captured.messages == ["Ada Ada Ada <private>"])
    }

    @Test("mask: .hash replaces a value by a hash, equal for equal values only")
    func hash() {
        let captured = CapturedLog()
        let logger = captured.logger()
        for email in ["ada@example.com", "ada@example.com", "grace@example.com"] {
            logger.info("\(email, privacy: .private(mask: .hash))")
        }
        logger.info("\(1234, privacy: .sensitive(mask: .hash))")
        logger.info("\("Ada", privacy: .auto(mask: .hash)) \(5, privacy: .auto(mask: .hash))")
        let messages = captured.messages
        #expect(messages[0] == messages[1])
        #expect(messages[0] != messages[2])
        for message in messages {
            #expect(message.firstMatch(of: /^<mask\.hash: '[A-Za-z0-9+\/]{11}='>/) != nil)
            #expect(!message.contains("example") && !message.contains("1234") && !message.contains("Ada"))
        }
        #expect(messages[4].hasSuffix("'> 5"))
    }

    @Test("OSLOG_PRIVATE_DATA=show shows private data; anything else redacts it")
    func environment() {
        #expect(OSLogPrivateData(environment: [:]) == .redacted)
        #expect(OSLogPrivateData(environment: ["OSLOG_PRIVATE_DATA": "show"]) == .shown)
        #expect(OSLogPrivateData(environment: ["OSLOG_PRIVATE_DATA": "1"]) == .shown)
        #expect(OSLogPrivateData(environment: ["OSLOG_PRIVATE_DATA": "TRUE"]) == .shown)
        #expect(OSLogPrivateData(environment: ["OSLOG_PRIVATE_DATA": "0"]) == .redacted)
        #expect(OSLogPrivateData(environment: ["OSLOG_PRIVATE_DATA": "hide"]) == .redacted)
    }
}
