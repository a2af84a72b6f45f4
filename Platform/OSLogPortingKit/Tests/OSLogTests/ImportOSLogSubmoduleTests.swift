import Testing
import os.log

// `import os.log`, as much of Apple's code writes it: the C submodule `os.log`, which brings
// the `os` module's Logger, OSLog and os_log with it, as on Apple platforms.

@Suite("import os.log")
struct ImportOSLogSubmoduleTests {
    @Test("Logger and os_log come with the os.log submodule")
    func throughSubmodule() {
        let captured = CapturedLog()
        let log: OSLog = captured.log(subsystem: "com.example.app", category: "sync")
        Logger(log).info("Synced \(3) items")
        os_log("Pushed %d changes", log: log, type: .info, 2)
        #expect(captured.messages == ["Synced 3 items", "Pushed 2 changes"])
    }
}
