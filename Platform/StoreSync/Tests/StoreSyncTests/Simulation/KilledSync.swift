import Foundation

/// A sync run in `storesync-fixture` (a process of its own, on the machine's data
/// folder) and killed with SIGKILL after a delay, as a `kill -9` or a power cut would
/// end it: at any point, or not at all when it finished first.
enum KilledSync {
    enum Outcome {
        /// The sync finished before the delay.
        case finished
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
        // not always see a child's end inside the test runner.
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                guard status == 0 else {
                    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
                    throw SimulationError(description: "storesync-fixture sync failed (\(status)): \(text)")
                }
                return .finished
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // It may have exited between the last look and the signal.
        return status == 0 ? .finished : .killed
    }
}
