import Foundation

/// A sync run in `storesync-fixture` (a process of its own, on the machine's data
/// folder) and killed with SIGKILL after a delay, as a `kill -9` or a power cut would
/// end it: at any point, or not at all when it finished first.
enum KilledSync {
    enum Outcome {
        /// The sync finished before the delay.
        case finished
        /// Killed, or ended without its report: it may have pushed, or pulled, or neither.
        case killed
    }

    static func run(folder: URL, url: String, killAfter milliseconds: Int) async throws -> Outcome {
        let process = Process()
        process.executableURL = FaketimeTests.fixture
        process.arguments = [folder.path, "sync", url]
        let output = FileManager.default.temporaryDirectory.appending(path: "storesync-sim-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        let pid = process.processIdentifier
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        var status: Int32 = 0
        // Reaped here, as the other fixture tests do: Process's own exit monitoring does
        // not always see a child's end inside the test runner, but when it does, it reaps
        // the child first and the status is lost. So the outcome is read from the
        // fixture's output: its report, printed once the sync has finished.
        var ended = false
        while ContinuousClock.now < deadline, !ended {
            // The child's pid, or -1 once Process reaped it: either way it has ended.
            ended = waitpid(pid, &status, WNOHANG) != 0
            if !ended { try await Task.sleep(for: .milliseconds(2)) }
        }
        if !ended {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.contains("sent ") ? .finished : .killed
    }
}
