import Testing
import os.signpost

// `import os.signpost` compiles and brings the `os` module's Logger, as on Apple platforms
// (signposts themselves are not provided: see the kit's README).

@Suite("import os.signpost")
struct ImportOSSignpostSubmoduleTests {
    @Test("Logger comes with the os.signpost submodule")
    func throughSubmodule() {
        let captured = CapturedLog()
        Logger(captured.log()).notice("Loaded the catalog")
        #expect(captured.messages == ["Loaded the catalog"])
    }
}
