import ChildProcess
import Foundation

/// A sync run in `storesync-fixture` (a process of its own, on the machine's data
/// folder) and killed with SIGKILL a delay after its sync began, as a `kill -9` or a power
/// cut would end it: inside the sync, or not at all when it finished first. The delay is
/// counted from the fixture's `SYNCING` line, printed as it starts the sync, not from the
/// process's start: a kill before that line would stop a program that had not begun to
/// sync, and prove nothing.
enum KilledSync {
    enum Outcome {
        /// The sync finished before the delay.
        case finished
        /// Killed inside the sync: it may have pushed, or pulled, or neither.
        case killed
    }

    /// The fixture ended before it began to sync, or failed.
    struct FixtureFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the sync of the data folder `folder` with the server at `url` as `release`
    /// opens it, and kills it `milliseconds` after the sync began.
    static func run(folder: URL, url: String, killAfter milliseconds: Int, release: Machine.Release = .current)
        async throws -> Outcome
    {
        let process = ChildProcess()
        process.executableURL = FaketimeTests.fixture
        process.arguments = [folder.path, "sync", url]
        if release == .newer {
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["STORESYNC_FIXTURE_RELEASE": "newer"], uniquingKeysWith: { _, new in new })
        }
        let output = FileManager.default.temporaryDirectory.appending(path: "storesync-sim-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        let pid = process.processIdentifier
        let text = { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
        // The outcome is read from the fixture's output: its report, printed once the sync
        // has finished.
        var ended = false
        let startDeadline = ContinuousClock.now + .seconds(30)
        while !ended, !text().contains("SYNCING") {
            guard ContinuousClock.now < startDeadline else {
                kill(pid, SIGKILL)
                process.waitUntilExit()
                throw FixtureFailed(description: "storesync-fixture did not begin its sync in 30 s: \(text())")
            }
            ended = !process.isRunning
            if !ended { try await Task.sleep(for: .milliseconds(1)) }
        }
        guard text().contains("SYNCING") else {
            throw FixtureFailed(description: "storesync-fixture ended before its sync began: \(text())")
        }
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline, !ended {
            ended = !process.isRunning
            if !ended { try await Task.sleep(for: .milliseconds(1)) }
        }
        if !ended {
            kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        let report = text()
        if report.contains("sent ") { return .finished }
        // Ended by itself without its report: the sync failed, which is no kill.
        if ended { throw FixtureFailed(description: "storesync-fixture's sync failed: \(report)") }
        return .killed
    }
}
