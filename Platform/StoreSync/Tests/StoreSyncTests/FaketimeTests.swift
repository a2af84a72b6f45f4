import ChildProcess
import Foundation
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Two machines as two processes on two data folders (`storesync-fixture`, built with the
/// tests), one of them run under `faketime` (Debian's package, LD_PRELOAD of libfaketime,
/// which moves the time `clock_gettime` gives, and with it Foundation's `Date()`).
@Suite("Real clocks a day apart, through faketime")
struct FaketimeTests {
    static let faketime = "/usr/bin/faketime"

    static var fixture: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "storesync-fixture")
    }

    /// Runs the fixture, under `faketime -f OFFSET` when `offset` is given; its output.
    @discardableResult
    private func run(_ arguments: [String], offset: String? = nil) async throws -> String {
        let process = ChildProcess()
        if let offset {
            process.executableURL = URL(filePath: Self.faketime)
            process.arguments = ["-f", offset, Self.fixture.path] + arguments
        } else {
            process.executableURL = Self.fixture
            process.arguments = arguments
        }
        let output = FileManager.default.temporaryDirectory.appending(path: "storesync-fixture-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        await process.exited()
        let text = try String(contentsOf: output, encoding: .utf8)
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            let status = process.terminationStatus
            throw FixtureError(description: "storesync-fixture \(arguments) failed (\(status)): \(text)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func checkTools() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.faketime),
            "faketime is missing: install Debian's package (apt-get install faketime); .ci/run does")
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.fixture.path),
            "build the package with `swift build --build-tests` first (storesync-fixture)")
        // faketime moves this program's clock (Swift links libc dynamically, whose
        // clock_gettime libfaketime replaces).
        let shifted = try #require(Double(try await run(["now"], offset: "+1d")))
        let gap = shifted - Date().timeIntervalSince1970
        try #require(abs(gap - 86_400) < 120, "faketime -f +1d moved the fixture's clock by \(gap) s, not a day")
    }

    @Test("a person's later action wins across machines whose clocks differ by a day, with real clocks")
    func laterActionWins() async throws {
        try await checkTools()
        let url = try await TestPostgres.newDatabase()
        let folders = TemporaryFolder(prefix: "StoreSyncFaketime")
        let a = folders.file("a").path
        let b = folders.file("b").path
        for folder in [a, b] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let ahead = "+1d"

        // A's clock runs a day ahead.
        try await run([a, "note", "1", "first"], offset: ahead)
        try await run([a, "sync", url], offset: ahead)
        try await run([b, "sync", url])
        #expect(try await run([b, "list"]) == "1/first")

        try await run([a, "note", "1", "A's edit"], offset: ahead)
        try await run([a, "sync", url], offset: ahead)
        try await run([b, "sync", url])
        #expect(try await run([b, "list"]) == "1/A's edit")

        // B, with the right time, edits after seeing A's edit: B's edit wins everywhere.
        try await run([b, "note", "1", "B's later edit"])
        try await run([b, "sync", url])
        try await run([a, "sync", url], offset: ahead)
        #expect(try await run([a, "list"]) == "1/B's later edit")
        #expect(try await run([b, "list"]) == "1/B's later edit")
        let name = RecordName.derived(entity: "WatchedMovie", keyValues: ["1"])
        let note = try await TestPostgres.execute(
            "SELECT fields->>'note' FROM storesync_records_notes WHERE record_name = '\(name)'", on: url)
        #expect(try note.first?.decode(String.self) == "B's later edit")

        // A's clock is corrected: its next edit still wins over its own future-dated ones.
        try await run([a, "note", "1", "A, corrected"])
        try await run([a, "sync", url])
        try await run([b, "sync", url])
        #expect(try await run([a, "list"]) == "1/A, corrected")
        #expect(try await run([b, "list"]) == "1/A, corrected")
        withExtendedLifetime(folders) {}
    }
}

/// The fixture failed.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
}
