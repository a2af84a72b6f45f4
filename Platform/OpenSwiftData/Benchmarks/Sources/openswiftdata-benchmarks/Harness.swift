import Foundation

/// How big each workload is: the sizes, or smaller ones for profiling.
struct Scale: Sendable {
    let small: Bool
    /// The rows of the scale workloads' store (built once, kept in the scale folder).
    var scaleRows: Int { small ? 200_000 : 10_000_000 }
    /// Point lookups timed one by one on the scale store (the figure is their median).
    var scaleLookups: Int { small ? 100 : 1_000 }
    var insertRows: Int { small ? 10_000 : 100_000 }
    var largeRows: Int { small ? 50_000 : 1_000_000 }
    var migrationSmallRows: Int { small ? 1_000 : 10_000 }
    var lookups: Int { small ? 1_000 : 10_000 }
    var parents: Int { small ? 1_000 : 10_000 }
    let childrenPerParent = 10
    var repetitions: Int { small ? 1 : 3 }
    var openRepetitions: Int { small ? 5 : 31 }
}

/// Who runs a workload: OpenSwiftData, or code written by hand on GRDB or on SQLite's C
/// API. `grdb` and `c` are the best code a GRDB or C user writes for the workload (the
/// baselines the targets compare with); the others are reference rows: what a user picks
/// instead (GRDB's Codable records), simpler code than the baselines (a read per
/// lookup), and one reader doing the work of several. Each workload says which it has, and what each does
/// (``WorkloadSpec/contenders``).
enum Implementation: String, CaseIterable, Sendable {
    case osd
    case grdb
    case c
    case grdbRecords = "grdb-records"
    case grdbObjects = "grdb-objects"
    case grdbObjectsByKey = "grdb-objects-by-key"
    case grdbBufferObjects = "grdb-buffer-objects"
    case grdbTrackedObjects = "grdb-tracked-objects"
    case grdbReadPerLookup = "grdb-read-per-lookup"
    case cReadPerLookup = "c-read-per-lookup"
    case osdOneReader = "osd-one-reader"
    case grdbOneReader = "grdb-one-reader"
}

/// What one workload run in a child process reports.
struct Measurement: Sendable {
    /// The headline time in milliseconds (best or median, as the workload says).
    let milliseconds: Double
    /// The child's `VmHWM` in kB: its peak resident memory.
    let peakKilobytes: Int
    /// A checksum of what was read or written, equal for every implementation.
    let check: Int

    /// The best time of several rounds, the highest peak, and their checksum if they
    /// agree (else one no implementation gives, so that the report says they differ).
    static func best(of rounds: [Measurement]) -> Measurement {
        let checks = Set(rounds.map(\.check))
        return Measurement(
            milliseconds: rounds.map(\.milliseconds).min() ?? .nan,
            peakKilobytes: rounds.map(\.peakKilobytes).max() ?? 0,
            check: checks.count == 1 ? checks.first ?? 0 : Int.min)
    }
}

enum Clock {
    /// Milliseconds taken by `body`.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = startTiming()
        try body()
        return stopTiming(startedAt: start)
    }

    /// The clock when timing starts. Never inlined: a profiler counts the timed code alone
    /// by zeroing its counts on entering this function and dumping them on entering
    /// ``stopTiming(startedAt:)`` (`Scripts/callgrind.sh`), whatever the optimizer makes of
    /// ``time(_:)`` and the closure it times.
    @inline(never)
    static func startTiming() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// Milliseconds since `start`, a value of ``startTiming()``. Never inlined (see there).
    @inline(never)
    static func stopTiming(startedAt start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

enum Memory {
    /// This process's peak resident memory (`VmHWM`), in kB.
    static func peakKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}

enum ChildProcess {
    /// Runs `--workload name implementation folder` in a new process of this executable, so
    /// that its `VmHWM` is the workload's alone.
    static func run(_ workload: String, _ implementation: Implementation, folders: Folders, scale: Scale) throws
        -> Measurement
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments =
            ["--workload", workload, implementation.rawValue, folders.run.path, "--scale-folder", folders.scale.path]
            + (scale.small ? ["--small"] : [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0,
            let line = text.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") })
        else {
            throw BenchmarkError.childFailed("\(workload) \(implementation.rawValue): \(text)")
        }
        let fields = line.split(separator: " ")
        return Measurement(
            milliseconds: Double(fields[1]) ?? .nan, peakKilobytes: Int(fields[2]) ?? 0, check: Int(fields[3]) ?? 0)
    }
}

/// Where a run keeps its stores: a temporary folder removed at the end, and the folder
/// that caches the scale workloads' store between runs.
struct Folders: Sendable {
    let run: URL
    let scale: URL
}

enum BenchmarkError: Error, CustomStringConvertible {
    case childFailed(String)
    case usage(String)
    case unknownWorkload(String)
    case notAContender(String, Implementation)

    var description: String {
        switch self {
        case .childFailed(let detail): "child process failed: \(detail)"
        case .usage(let detail): detail
        case .unknownWorkload(let name): "unknown workload \(name)"
        case .notAContender(let name, let implementation): "workload \(name) has no \(implementation.rawValue) run"
        }
    }
}
