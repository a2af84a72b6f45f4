// Benchmarks OpenSwiftData against the best code a GRDB or a SQLite C API user writes, on
// the same data (see BENCHMARKS.md).
//
//   openswiftdata-benchmarks [--small] [--only NAME,…] [--no-scale] [--scale-folder FOLDER]
//       prepares stores in a temporary folder (and the scale store in the scale folder,
//       once), runs each workload and implementation in a child process (in turns, three
//       rounds for the read-only workloads, keeping the best), prints a table; a run of
//       every workload at the issue's sizes also writes it to $OPENSWIFTDATA_BENCH_TABLE
//       (a file), for Scripts/bench.sh to put into BENCHMARKS.md
//   openswiftdata-benchmarks --prepare FOLDER [--small] [--scale-folder FOLDER]
//       only writes the stores (and builds the scale store if it is not there)
//   openswiftdata-benchmarks --workload NAME IMPL FOLDER [--small] [--scale-folder FOLDER]
//       runs one workload's implementation (osd, grdb, c, grdb-records, …) on prepared
//       stores and prints "RESULT <ms> <VmHWM kB> <checksum>"; for profilers
//
// The scale folder is `--scale-folder`, else $OPENSWIFTDATA_BENCH_SCALE_FOLDER, else
// `openswiftdata-bench-scale` in the temporary directory.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let scale = Scale(small: arguments.contains("--small"))

func value(after flag: String) -> String? {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let scaleFolder = URL(
    fileURLWithPath: value(after: "--scale-folder") ?? ProcessInfo.processInfo.environment[
        "OPENSWIFTDATA_BENCH_SCALE_FOLDER"]
        ?? FileManager.default.temporaryDirectory.appending(path: "openswiftdata-bench-scale").path)

/// The workloads `--only` and `--no-scale` leave.
func selectedWorkloads() throws -> [WorkloadSpec] {
    let only = value(after: "--only").map { Set($0.split(separator: ",").map(String.init)) }
    for name in only ?? [] { _ = try Workloads.spec(name) }
    return Workloads.all.filter { spec in
        (only?.contains(spec.name) ?? true) && !(spec.usesScaleStore && arguments.contains("--no-scale"))
    }
}

/// Writes every store the workloads read, and the scale store if one of them needs it.
func prepare(_ folders: Folders, for workloads: [WorkloadSpec]) throws {
    let setup = try Clock.time { try Setup.prepare(in: folders.run, scale: scale, for: Set(workloads.map(\.name))) }
    print("Stores prepared in \(String(format: "%.1f", setup / 1000)) s in \(folders.run.path)")
    guard workloads.contains(where: \.usesScaleStore) else { return }
    let store = ScaleStore.url(in: folders.scale, scale: scale).path
    if let seconds = try ScaleStore.ensure(in: folders.scale, scratch: folders.run, scale: scale) {
        print("Scale store built in \(String(format: "%.1f", seconds)) s: \(store)")
    } else {
        print("Scale store reused: \(store)")
    }
}

func runAll() throws {
    let workloads = try selectedWorkloads()
    let run = FileManager.default.temporaryDirectory.appending(path: "openswiftdata-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: run) }
    let folders = Folders(run: run, scale: scaleFolder)
    try prepare(folders, for: workloads)
    let baseline = try ChildProcess.run("noop", .osd, folders: folders, scale: scale).peakKilobytes
    var results: [WorkloadResult] = []
    for spec in workloads {
        var rounds: [Implementation: [Measurement]] = [:]
        for _ in 0..<spec.rounds {
            for contender in spec.contenders {
                let implementation = contender.implementation
                let measurement = try ChildProcess.run(spec.name, implementation, folders: folders, scale: scale)
                rounds[implementation, default: []].append(measurement)
                print(
                    "  \(spec.name) \(implementation.rawValue): \(String(format: "%.3f", measurement.milliseconds)) ms, "
                        + "\(measurement.peakKilobytes / 1024) MB, check \(measurement.check)")
            }
        }
        results.append(WorkloadResult(spec: spec, results: rounds.mapValues(Measurement.best(of:))))
    }
    let table = Report.table(results, scale: scale, baselineKilobytes: baseline)
    print("")
    print(table)
    if workloads.count == Workloads.all.count && !scale.small { try write(table) }
}

/// Writes the table of a run of every workload at the issue's sizes to the file
/// `OPENSWIFTDATA_BENCH_TABLE` names, if it is set: Scripts/bench.sh puts it into
/// BENCHMARKS.md. A partial run (`--only`, `--no-scale`, `--small`) writes nothing, so that
/// it never replaces the page's table.
func write(_ table: String) throws {
    guard let path = ProcessInfo.processInfo.environment["OPENSWIFTDATA_BENCH_TABLE"] else { return }
    try Data((table + "\n").utf8).write(to: URL(fileURLWithPath: path))
}

do {
    if let index = arguments.firstIndex(of: "--workload") {
        guard index + 3 < arguments.count, let implementation = Implementation(rawValue: arguments[index + 2]) else {
            let names = Implementation.allCases.map(\.rawValue).joined(separator: "|")
            throw BenchmarkError.usage("usage: --workload NAME \(names) FOLDER [--small] [--scale-folder FOLDER]")
        }
        let folders = Folders(run: URL(fileURLWithPath: arguments[index + 3]), scale: scaleFolder)
        let (milliseconds, check) = try Workloads.run(
            arguments[index + 1], implementation, folders: folders, scale: scale)
        print("RESULT \(milliseconds) \(Memory.peakKilobytes()) \(check)")
    } else if let folder = value(after: "--prepare") {
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try prepare(Folders(run: url, scale: scaleFolder), for: try selectedWorkloads())
    } else {
        try runAll()
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
