import ChildProcess
import Foundation
import Testing

@Suite("Waiting for a child without holding a thread of the cooperative pool")
struct BlockingWorkTests {
    @Test(
        "more children than the pool has threads are awaited with exited() at once, and a task that needs a thread still runs and ends them"
    )
    func exitedLeavesThePool() async throws {
        // One more than the pool's threads: waits that held their threads would leave the
        // closing task none, and the children would run until timeout ends them (status 124).
        let count = ProcessInfo.processInfo.activeProcessorCount + 1
        let inputs = (0..<count).map { _ in Pipe() }
        let children = try inputs.map { input in
            let child = ChildProcess()
            child.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            child.arguments = ["600", "cat"]
            child.standardInput = input
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            return child
        }
        let (waiting, waitingContinuation) = AsyncStream<Void>.makeStream()
        await withTaskGroup(of: Void.self) { group in
            for child in children {
                group.addTask {
                    waitingContinuation.yield()
                    await child.exited()
                }
            }
            group.addTask {
                // Once every wait has begun: the end of their input ends the children.
                var begun = 0
                for await _ in waiting {
                    begun += 1
                    if begun == count { break }
                }
                for input in inputs { try? input.fileHandleForWriting.close() }
            }
        }
        #expect(children.map(\.terminationReason) == Array(repeating: .exit, count: count))
        #expect(children.map(\.terminationStatus) == Array(repeating: 0, count: count))
    }

    @Test("run gives back what the work returns or throws")
    func resultAndError() async throws {
        struct Refused: Error {}
        #expect(await BlockingWork.run { 6 * 7 } == 42)
        await #expect(throws: Refused.self) { try await BlockingWork.run { () throws -> Int in throw Refused() } }
    }
}
