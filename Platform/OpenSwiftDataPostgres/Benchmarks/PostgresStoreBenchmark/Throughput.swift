import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres

/// Inserts per second as app servers make them, by one process and by several at once over
/// one database: each process saves `saves` times, each save a new context's 5 trips with two
/// stops each, as a request handler would. The processes are this executable, started as
/// workers (`POSTGRES_BENCH_WORKER`); each opens its container, says it is ready, and starts
/// saving when every worker is, so that the figure counts saves only, not process launches.
enum Throughput {
    static let tripsPerSave = 5

    /// Trips per second that `processes` workers insert together, `saves` saves each; `run`
    /// tells this run's trips from other runs' (their codes are unique).
    static func measure(processes: Int, saves: Int, run: Int, url: String) throws -> Double {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        var workers: [(process: Process, input: Pipe, output: Pipe)] = []
        for index in 0..<processes {
            let process = Process()
            process.executableURL = executable
            var environment = ProcessInfo.processInfo.environment
            environment["POSTGRES_BENCH_URL"] = url
            environment["POSTGRES_BENCH_WORKER"] = "\(run)-\(processes)-\(index)"
            environment["POSTGRES_BENCH_SAVES"] = "\(saves)"
            process.environment = environment
            let (input, output) = (Pipe(), Pipe())
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            workers.append((process, input, output))
        }
        for worker in workers {
            guard line(from: worker.output) == "ready" else { throw WorkerFailure(what: "a worker did not start") }
        }
        for worker in workers { worker.input.fileHandleForWriting.write(Data("go\n".utf8)) }
        var (first, last) = (Double.infinity, -Double.infinity)
        for worker in workers {
            let times = line(from: worker.output).split(separator: " ").compactMap { Double($0) }
            worker.process.waitUntilExit()
            guard times.count == 2, worker.process.terminationStatus == 0 else {
                throw WorkerFailure(what: "a worker failed (status \(worker.process.terminationStatus))")
            }
            (first, last) = (min(first, times[0]), max(last, times[1]))
        }
        return Double(processes * saves * tripsPerSave) / (last - first)
    }

    /// A worker's run: opens the store, prints "ready", waits for "go" on its input, saves,
    /// then prints when its saves began and ended (seconds since 1970).
    static func work(name: String, saves: Int, url: URL) throws {
        let container = try ModelContainer(
            for: BenchTrip.self, BenchStop.self, configurations: PostgresStoreConfiguration(url: url))
        // The pool's first connection, before the clock starts.
        _ = try ModelContext(container).fetchCount(FetchDescriptor<BenchTrip>())
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        guard readLine() == "go" else { throw WorkerFailure(what: "no go") }
        let start = Date().timeIntervalSince1970
        for save in 0..<saves {
            let context = ModelContext(container)
            for index in 0..<tripsPerSave {
                TripValues(
                    code: "W\(name)-\(save)-\(index)", name: "Trip \(save)", budget: Double(save), travellers: index,
                    start: Date(timeIntervalSince1970: 1_700_000_000)
                )
                .insert(into: context)
            }
            try context.save()
        }
        FileHandle.standardOutput.write(Data("\(start) \(Date().timeIntervalSince1970)\n".utf8))
    }

    /// The next line a worker wrote, without its newline; empty at the end of its output.
    private static func line(from pipe: Pipe) -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct WorkerFailure: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }
}
