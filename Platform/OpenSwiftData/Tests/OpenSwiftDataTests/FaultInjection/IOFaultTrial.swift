import Foundation
import OpenSwiftData
import Testing

/// An operation run again and again with an injected I/O fault, the first call of the
/// fault's kind failing, then the second, and so on, until the operation runs to its end
/// without meeting the fault. After each run, the fault disarmed, a store left with a
/// write-ahead log or a journal is first opened by a new process (which recovers it, as
/// after a crash, and checks its integrity); then the store is opened anew and read: it must be in the state before the operation or after it, never
/// between; an operation that reported success must have reached the state after it; an
/// error must be a ``SwiftDataError`` (never a trap).
struct IOFaultTrial<State: Equatable & CustomStringConvertible> {
    /// What the trial interrupts, for its report.
    var name: String
    /// Writes the store the operation starts from, in the folder, and returns its state.
    /// Called once: each run starts from a copy of the folder's files.
    var prepare: (TemporaryFolder) throws -> State
    /// The operation the faults interrupt.
    var operation: (TemporaryFolder) throws -> Void
    /// The state once the operation has run, from the state before it.
    var expectedAfter: (State) -> State
    /// Opens the store anew and reads its state.
    var read: (TemporaryFolder) throws -> State

    /// What the runs saw, for the figures a long run reports.
    struct Counts {
        var runs = 0
        var faults = 0
        var reportedErrors = 0
        /// Runs that left a write-ahead log or a journal, opened in a new process first.
        var recoveredInNewProcess = 0
    }

    /// Whether a store of the folder has a non-empty write-ahead log or a journal beside
    /// it: what the next process to open it recovers.
    private static func needsRecovery(_ folder: TemporaryFolder) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
        return names.contains { name in
            guard name.hasSuffix(".sqlite-wal") || name.hasSuffix(".sqlite-journal") else { return false }
            let size = (try? FileManager.default.attributesOfItem(atPath: folder.file(name).path)[.size]) as? Int
            return name.hasSuffix("-journal") || (size ?? 0) > 0
        }
    }

    /// A new folder holding a copy of every file and folder of `template`.
    private static func copy(of template: TemporaryFolder) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for name in template.fileNames {
            try FileManager.default.copyItem(at: template.file(name), to: folder.file(name))
        }
        return folder
    }

    /// Runs every fault of `faults` at each call the operation makes, at most
    /// `maximumCalls` of each kind. `OSD_FAULT_STRIDE=N` fails every Nth call only (the
    /// first, then 1 + N, …): the sanitizer passes, several times slower, use 4.
    func run(
        faults: [any InjectableFault] = IOFault.all, maximumCalls: Int = 400,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Counts {
        let stride = ProcessInfo.processInfo.environment["OSD_FAULT_STRIDE"].flatMap(Int.init).map { max(1, $0) } ?? 1
        var counts = Counts()
        // Prepared once, its connections closed when `prepare` returns: a copy of its files
        // is the store as `prepare` left it, for a fraction of the cost of writing it again.
        let template = TemporaryFolder()
        let before = try prepare(template)
        let after = expectedAfter(before)
        for fault in faults {
            for countdown in Swift.stride(from: 1, through: maximumCalls, by: stride) {
                let folder = try Self.copy(of: template)
                fault.arm(folder: folder.url, countdown: countdown)
                let outcome = Result { try operation(folder) }
                let hit = fault.hit
                fault.disarm()
                counts.runs += 1
                if hit { counts.faults += 1 }
                // SQLite's locks and open files are per process: another one recovers.
                if Self.needsRecovery(folder) {
                    counts.recoveredInNewProcess += 1
                    let check = try await MigrationFixture.run(["check", folder.url.path])
                    #expect(
                        check.status == 0, "\(fault), call \(countdown): opened in a new process: \(check.output)",
                        sourceLocation: sourceLocation)
                }
                let state = try read(folder)
                switch outcome {
                case .success:
                    #expect(
                        state == after, "\(fault), call \(countdown): succeeded, but the store is \(state)",
                        sourceLocation: sourceLocation)
                case .failure(let error):
                    counts.reportedErrors += 1
                    #expect(
                        error is SwiftDataError, "\(fault), call \(countdown): \(type(of: error)) \(error)",
                        sourceLocation: sourceLocation)
                    #expect(
                        state == before || state == after,
                        "\(fault), call \(countdown): \(error); the store is \(state), neither \(before) nor \(after)",
                        sourceLocation: sourceLocation)
                }
                if !hit { break }
            }
        }
        print(
            "\(name): \(counts.runs) runs, \(counts.faults) faults, \(counts.reportedErrors) errors reported, "
                + "\(counts.recoveredInNewProcess) stores recovered by a new process")
        return counts
    }
}
