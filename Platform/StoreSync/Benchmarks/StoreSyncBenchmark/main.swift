// Measures StoreSync against a real PostgreSQL server (Scripts/bench-sync.sh starts one on
// loopback and passes its URL): 100,000 watchlist-like records pushed from one store and
// pulled into another (beside the same rows sent and read by hand with postgres-nio), the time of a sync with nothing to do, the delay of a live change
// between two watching machines, and 10 machines syncing one store at once until they
// agree. Prints one line per figure, and writes them as BENCHMARKS.md's table (`ResultsTable`).
import Foundation
import Logging
import OpenSwiftData
import StoreSync

@Model
final class BenchmarkMovie {
    var movieID: Int?
    var createdAt: Date?

    init(movieID: Int, createdAt: Date) {
        self.movieID = movieID
        self.createdAt = createdAt
    }
}

let count = Int(ProcessInfo.processInfo.environment["STORESYNC_BENCH_RECORDS"] ?? "") ?? 100_000
guard let url = ProcessInfo.processInfo.environment["STORESYNC_BENCH_URL"] else {
    FileHandle.standardError.write(Data("STORESYNC_BENCH_URL is not set; run Scripts/bench-sync.sh\n".utf8))
    exit(2)
}
let folder = FileManager.default.temporaryDirectory.appending(path: "storesync-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }

func store(_ name: String, server: String = "bench") throws -> SyncedStore {
    let container = try ModelContainer(
        for: Schema([BenchmarkMovie.self]),
        configurations: [
            ModelConfiguration(url: folder.appending(path: "\(name).sqlite"), cloudKitDatabase: .private("bench"))
        ])
    return SyncedStore(name: server, container: container, domainKeys: ["BenchmarkMovie": ["movieID"]])
}

func timed(_ body: () async throws -> [StoreSyncReport]) async throws -> (Double, StoreSyncReport) {
    let start = ContinuousClock.now
    let report = try await body().first ?? StoreSyncReport(store: "none")
    return ((ContinuousClock.now - start) / .seconds(1), report)
}

let engine = StoreSyncEngine(remote: try SyncRemote(url: url), logger: Logger(label: "bench"))
let a = try store("a")
let b = try store("b")
let context = ModelContext(a.container)
let now = Date()
for id in 1...count { context.insert(BenchmarkMovie(movieID: id, createdAt: now)) }
try context.save()

let (push, pushed) = try await timed { try await engine.sync([a]) }
let (pull, pulled) = try await timed { try await engine.sync([b]) }
precondition(pushed.sentChanges == count && pulled.receivedInsertions == count, "unexpected reports")
var upToDate: [Double] = []
for _ in 0..<5 {
    for machine in [a, b] {
        let (seconds, report) = try await timed { try await engine.sync([machine]) }
        precondition(report.sent == 0 && report.received == 0, "an up-to-date sync moved records")
        upToDate.append(seconds)
    }
}
upToDate.sort()
// The baseline: the same number of rows sent and read back with postgres-nio by hand.
let baselinePush = try await Baseline.push(Baseline.rows(count: count), url: url)
let (baselinePull, baselineRows) = try await Baseline.pull(url: url)
precondition(baselineRows == count, "the baseline read \(baselineRows) rows")
print("records: \(count)")
print(
    String(
        format:
            "push (first sync of A): %.2f s, %.0f records/s; postgres-nio's prepared multi-row INSERT %.2f s, %.0f records/s (%.2f×)",
        push, Double(count) / push, baselinePush, Double(count) / baselinePush, push / baselinePush))
print(
    String(
        format:
            "pull (first sync of B): %.2f s, %.0f records/s; postgres-nio's SELECT into structs %.2f s, %.0f records/s (%.2f×)",
        pull, Double(count) / pull, baselinePull, Double(count) / baselinePull, pull / baselinePull))
print(
    String(
        format: "up-to-date sync: median %.1f ms (min %.1f, max %.1f, %d runs)", upToDate[upToDate.count / 2] * 1000,
        upToDate[0] * 1000, upToDate[upToDate.count - 1] * 1000, upToDate.count))
var table = ResultsTable()
let records = ResultsTable.count(Double(count))
table.add(
    "first push of \(records) records (store A's first sync)",
    String(format: "**%.2f s**, ", push) + ResultsTable.count(Double(count) / push) + " records/s",
    baseline: "postgres-nio, a named prepared `INSERT` of 1,000 rows per execution, one transaction: "
        + String(format: "%.2f s, ", baselinePush) + ResultsTable.count(Double(count) / baselinePush)
        + String(format: " records/s (StoreSync %.2f×)", push / baselinePush),
    target: "under 10 s (\(ResultsTable.verdict(push < 10))); ≥ 20,000 records/s "
        + "(\(ResultsTable.verdict(Double(count) / push >= 20_000)))")
table.add(
    "first pull of \(records) records (empty store B's first sync)",
    String(format: "**%.2f s**, ", pull) + ResultsTable.count(Double(count) / pull) + " records/s",
    baseline: "postgres-nio, one `SELECT` of every row into structs: " + String(format: "%.2f s, ", baselinePull)
        + ResultsTable.count(Double(count) / baselinePull)
        + String(format: " records/s (StoreSync %.2f×)", pull / baselinePull),
    target: "under 10 s (\(ResultsTable.verdict(pull < 10))); ≥ 20,000 records/s "
        + "(\(ResultsTable.verdict(Double(count) / pull >= 20_000)))")
table.add(
    "an up-to-date sync (connect, check the tables and where the store stands, read the history, fetch nothing, "
        + "compare one part of the store with the server's digests)",
    String(
        format: "**%.1f ms** median of %d (%.1f–%.1f)", upToDate[upToDate.count / 2] * 1000, upToDate.count,
        upToDate[0] * 1000, upToDate[upToDate.count - 1] * 1000))

// The delay of a live change: both machines watch; A saves one movie; the figure is the time
// until B's store has it (A's watch notices the save, pushes, the server notifies B, B pulls).
let watchers = [a, b].map { store in
    Task { try await engine.watch([store], onEvent: { _ in }) }
}
try await Task.sleep(for: .seconds(2))
var delays: [Double] = []
for round in 1...10 {
    let id = count + round
    let saved = ContinuousClock.now
    let adding = ModelContext(a.container)
    adding.insert(BenchmarkMovie(movieID: id, createdAt: Date()))
    try adding.save()
    let reader = ModelContext(b.container)
    while try reader.fetchCount(FetchDescriptor<BenchmarkMovie>(predicate: #Predicate { $0.movieID == id })) == 0 {
        try await Task.sleep(for: .milliseconds(2))
        guard ContinuousClock.now - saved < .seconds(30) else { fatalError("a live change did not arrive in 30 s") }
    }
    delays.append((ContinuousClock.now - saved) / .seconds(1))
}
for watcher in watchers { watcher.cancel() }
delays.sort()
print(
    String(
        format: "live change, saved on A to applied on B: median %.0f ms (min %.0f, max %.0f, %d changes)",
        delays[delays.count / 2] * 1000, delays[0] * 1000, delays[delays.count - 1] * 1000, delays.count))
table.add(
    "a live change, saved on A to applied on B, both watching (`StoreSyncEngine.watch`)",
    String(
        format: "**%.0f ms** median of %d (%.0f–%.0f)", delays[delays.count / 2] * 1000, delays.count,
        delays[0] * 1000, delays[delays.count - 1] * 1000),
    target: "under 2 s (\(ResultsTable.verdict(delays[delays.count / 2] < 2)))")

// 10 machines syncing one store at once: each adds 1,000 movies of its own and changes the
// same 100 shared ones; all sync together, round after round, until every store holds the
// same movies with the same values.
let machineCount = 10
let machines = try (0..<machineCount).map { try store("m\($0)", server: "ten") }
let shared = 1...100
for (index, machine) in machines.enumerated() {
    let writing = ModelContext(machine.container)
    for id in 0..<1_000 { writing.insert(BenchmarkMovie(movieID: 1_000_000 + index * 1_000 + id, createdAt: now)) }
    for id in shared {
        writing.insert(BenchmarkMovie(movieID: id, createdAt: now.addingTimeInterval(Double(index))))
    }
    try writing.save()
}
func snapshot(_ machine: SyncedStore) throws -> [Int: Date] {
    Dictionary(
        try ModelContext(machine.container).fetch(FetchDescriptor<BenchmarkMovie>()).map {
            ($0.movieID ?? -1, $0.createdAt ?? .distantPast)
        }, uniquingKeysWith: { first, _ in first })
}
let convergenceStart = ContinuousClock.now
var rounds = 0
while true {
    rounds += 1
    try await withThrowingTaskGroup(of: Void.self) { group in
        for machine in machines { group.addTask { _ = try await engine.sync([machine]) } }
        try await group.waitForAll()
    }
    let states = try machines.map(snapshot)
    if states.allSatisfy({ $0 == states[0] }) {
        precondition(states[0].count == machineCount * 1_000 + shared.count, "movies lost or doubled")
        break
    }
    precondition(rounds < 10, "10 machines did not agree in 10 rounds")
}
let convergence = (ContinuousClock.now - convergenceStart) / .seconds(1)
print(
    String(
        format: "10 machines syncing at once: agreed after %d rounds in %.2f s (%d movies each)", rounds,
        convergence, machineCount * 1_000 + shared.count))
table.add(
    "10 machines syncing one store at once, each with 1,000 movies of its own and 100 shared ones it changed",
    String(format: "all agree after **%d rounds**, **%.2f s**", rounds, convergence))
try table.write()
