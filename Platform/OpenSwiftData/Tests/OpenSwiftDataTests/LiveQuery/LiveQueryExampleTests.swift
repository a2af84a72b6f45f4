import ChildProcess
import Foundation
import Testing

@Suite("The Live queries article's program")
struct LiveQueryExampleTests {
    /// The package's folder.
    private static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("it runs, and prints the recent films after each save that changes them")
    func run() async throws {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appending(path: "openswiftdata-live-query-example")
        let output = FileManager.default.temporaryDirectory.appending(path: "live-query-example-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        // A program that waits for a change that never comes is stopped, and fails.
        let deadline = ContinuousClock.now + .seconds(120)
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == "[\"Ponyo\"]\n[\"Arrival\", \"Ponyo\"]\n")
    }

    @Test("the Live queries article lists the program as it is built")
    func listing() throws {
        let article = try String(
            contentsOf: Self.packageFolder.appending(
                path: "Sources/OpenSwiftData/OpenSwiftData.docc/LiveQueries.md"),
            encoding: .utf8)
        let program = try String(
            contentsOf: Self.packageFolder.appending(path: "Examples/LiveQuery/main.swift"), encoding: .utf8)
        let section = try #require(article.range(of: "# Live queries"))
        let opening = try #require(article.range(of: "```swift\n", range: section.upperBound..<article.endIndex))
        let closing = try #require(article.range(of: "```\n", range: opening.upperBound..<article.endIndex))
        #expect(String(article[opening.upperBound..<closing.lowerBound]) == program)
    }
}
