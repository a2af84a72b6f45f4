// Measures the PostgreSQL store against the best hand-written postgres-nio code for the same
// work (`Baseline`), in one run, on a server Scripts/bench-postgres.sh starts on loopback:
// trips inserted with their stops in one save, every trip fetched, trips looked up by their
// unique code, and the stops of trips read through the relationship; then the inserts per
// second of four processes against one's (`Throughput`). Prints one line per figure, and
// writes the table of BENCHMARKS.md to the file POSTGRES_BENCH_TABLE names.
import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import PostgresNIO

let environment = ProcessInfo.processInfo.environment
let count = Int(environment["POSTGRES_BENCH_TRIPS"] ?? "") ?? 10_000
let lookups = min(1_000, count)
guard let url = environment["POSTGRES_BENCH_URL"], let storeURL = URL(string: url) else {
    FileHandle.standardError.write(Data("POSTGRES_BENCH_URL is not set; run Scripts/bench-postgres.sh\n".utf8))
    exit(2)
}
if let worker = environment["POSTGRES_BENCH_WORKER"] {
    try Throughput.work(name: worker, saves: Int(environment["POSTGRES_BENCH_SAVES"] ?? "") ?? 100, url: storeURL)
    exit(0)
}

/// Seconds `body` takes, best of `runs` runs.
func best(of runs: Int = 3, _ body: () async throws -> Void) async throws -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try await body()
        fastest = min(fastest, (ContinuousClock.now - start) / .seconds(1))
    }
    return fastest
}

let trips = TripValues.all(count: count)
let codes = (0..<lookups).map { trips[($0 * 7919) % count].code }
let container = try ModelContainer(
    for: BenchTrip.self, BenchStop.self, configurations: PostgresStoreConfiguration(url: storeURL))
let baseline = try await Baseline.connect(url)

// Inserts, once each: the tables then hold what the reads read.
var start = ContinuousClock.now
do {
    let context = ModelContext(container)
    for values in trips { values.insert(into: context) }
    try context.save()
}
let storeInsert = (ContinuousClock.now - start) / .seconds(1)
start = ContinuousClock.now
try await baseline.insert(trips)
let baselineInsert = (ContinuousClock.now - start) / .seconds(1)

var checksum = 0
let storeFetch = try await best {
    let fetched = try ModelContext(container).fetch(FetchDescriptor<BenchTrip>())
    checksum = fetched.reduce(0) { $0 + $1.travellers + $1.name.count + Int($1.budget) }
}
let baselineFetch = try await best {
    let fetched = try await baseline.fetchAll()
    precondition(fetched.reduce(0) { $0 + $1.travellers + $1.name.count + Int($1.budget) } == checksum)
}

var length = 0
let storeLookup = try await best {
    let context = ModelContext(container)
    length = 0
    for code in codes {
        let found = try context.fetch(FetchDescriptor<BenchTrip>(predicate: #Predicate { $0.code == code }))
        length += found.first?.name.count ?? 0
    }
}
let baselineLookup = try await best {
    let found = try await baseline.lookUp(codes)
    precondition(found == length)
}

var stopCount = 0
let storeRelationship = try await best {
    var descriptor = FetchDescriptor<BenchTrip>(sortBy: [SortDescriptor(\.budget)])
    descriptor.fetchLimit = lookups
    let context = ModelContext(container)
    stopCount = try context.fetch(descriptor).reduce(0) { $0 + $1.stops.count }
}
let firstKeys = try await baseline.fetchAll().prefix(lookups).map(\.key)
let baselineRelationship = try await best {
    let stops = try await baseline.stops(of: firstKeys)
    precondition(stops == stopCount)
}
let closing: EventLoopFuture<Void> = baseline.connection.close()
try await closing.get()

var table = ResultsTable()
for (what, measured, hand) in [
    ("insert \(count) trips and \(2 * count) stops, one save", storeInsert, baselineInsert),
    ("fetch all \(count) trips", storeFetch, baselineFetch),
    ("\(lookups) lookups by unique code", storeLookup, baselineLookup),
    ("stops of \(lookups) trips through the relationship", storeRelationship, baselineRelationship),
] {
    let ratio = measured / hand
    print(
        "\(what): \(ResultsTable.seconds(measured)) (postgres-nio by hand: \(ResultsTable.seconds(hand)), \(String(format: "%.2f", ratio))×)"
    )
    table.add(
        what, ResultsTable.seconds(measured), baseline: ResultsTable.seconds(hand),
        ratio: String(format: "%.2f×", ratio), target: "≤ 1.5×: " + ResultsTable.verdict(ratio <= 1.5))
}
// Each figure the best of three runs, taken in turns: the server shares the cores.
let saves = Int(environment["POSTGRES_BENCH_SAVES"] ?? "") ?? 1_000
var (one, four) = (0.0, 0.0)
for run in 0..<3 {
    one = max(one, try Throughput.measure(processes: 1, saves: saves, run: run, url: url))
    four = max(four, try Throughput.measure(processes: 4, saves: saves, run: run, url: url))
}
let growth = four / one
print(
    "inserts per second, \(saves) saves of \(Throughput.tripsPerSave) trips each per process: 4 processes "
        + "\(Int(four)), 1 process \(Int(one)) (\(String(format: "%.2f", growth))×)")
table.add(
    "trips inserted per second by 4 processes at once (\(saves) saves of \(Throughput.tripsPerSave) trips and "
        + "\(2 * Throughput.tripsPerSave) stops each), against 1 process's", "\(Int(four)) per s",
    baseline: "1 process: \(Int(one)) per s", ratio: String(format: "%.2f×", growth),
    target: "≥ 1.8×: " + ResultsTable.verdict(growth >= 1.8))
try table.write(to: environment["POSTGRES_BENCH_TABLE"])
