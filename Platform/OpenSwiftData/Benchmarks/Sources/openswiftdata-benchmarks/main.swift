// Benchmarks OpenSwiftData against raw GRDB and the SQLite C API on the same data.
//
//   openswiftdata-benchmarks [--small] [--only NAME,…]     prepares stores in a temporary
//       folder, runs each workload and implementation in a child process (in turns, three
//       rounds for the read-only workloads, keeping the best), prints a table
//   openswiftdata-benchmarks --prepare FOLDER [--small]    only writes the stores
//   openswiftdata-benchmarks --workload NAME IMPL FOLDER [--small]
//       runs one workload (osd, grdb or c) on prepared stores and prints
//       "RESULT <ms> <VmHWM kB> <checksum>"; for profiling with valgrind.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let scale = Scale(small: arguments.contains("--small"))

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func runAll() throws {
    let only = value(after: "--only").map { Set($0.split(separator: ",").map(String.init)) }
    let folder = FileManager.default.temporaryDirectory.appending(path: "openswiftdata-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let setup = try Clock.time { try Setup.prepare(in: folder, scale: scale) }
    print("Stores prepared in \(String(format: "%.1f", setup / 1000)) s in \(folder.path)")
    let baseline = try ChildProcess.run("noop", .osd, folder: folder, scale: scale).peakKilobytes
    var results: [WorkloadResult] = []
    for name in Workloads.names where only?.contains(name) ?? true {
        var rounds: [Implementation: [Measurement]] = [:]
        for _ in 0..<Workloads.rounds(of: name) {
            for implementation in Workloads.implementations(of: name) {
                let measurement = try ChildProcess.run(name, implementation, folder: folder, scale: scale)
                rounds[implementation, default: []].append(measurement)
                print(
                    "  \(name) \(implementation.rawValue): \(String(format: "%.2f", measurement.milliseconds)) ms, "
                        + "\(measurement.peakKilobytes / 1024) MB, check \(measurement.check)")
            }
        }
        results.append(WorkloadResult(name: name, results: rounds.mapValues(Measurement.best(of:))))
    }
    print("")
    print(Report.table(results, scale: scale, baselineKilobytes: baseline))
}

do {
    if let index = arguments.firstIndex(of: "--workload") {
        guard index + 3 < arguments.count, let implementation = Implementation(rawValue: arguments[index + 2]) else {
            throw BenchmarkError.usage("usage: --workload NAME osd|grdb|c FOLDER [--small]")
        }
        let (milliseconds, check) = try Workloads.run(
            arguments[index + 1], implementation, folder: URL(fileURLWithPath: arguments[index + 3]), scale: scale)
        print("RESULT \(milliseconds) \(Memory.peakKilobytes()) \(check)")
    } else if let folder = value(after: "--prepare") {
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Setup.prepare(in: url, scale: scale)
    } else {
        try runAll()
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
