// Measures StoreSync against a real PostgreSQL server (Scripts/bench-sync.sh starts one on
// loopback and passes its URL): 10,000 watchlist-like records pushed from one store, pulled
// into another, and the time of a sync with nothing to do. Prints one line per figure.
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

let count = Int(ProcessInfo.processInfo.environment["STORESYNC_BENCH_RECORDS"] ?? "") ?? 10_000
guard let url = ProcessInfo.processInfo.environment["STORESYNC_BENCH_URL"] else {
    FileHandle.standardError.write(Data("STORESYNC_BENCH_URL is not set; run Scripts/bench-sync.sh\n".utf8))
    exit(2)
}
let folder = FileManager.default.temporaryDirectory.appending(path: "storesync-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }

func store(_ name: String) throws -> SyncedStore {
    let container = try ModelContainer(
        for: Schema([BenchmarkMovie.self]),
        configurations: [
            ModelConfiguration(url: folder.appending(path: "\(name).sqlite"), cloudKitDatabase: .private("bench"))
        ])
    return SyncedStore(name: "bench", container: container, domainKeys: ["BenchmarkMovie": ["movieID"]])
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
print("records: \(count)")
print(String(format: "push (first sync of A): %.2f s, %.0f records/s", push, Double(count) / push))
print(String(format: "pull (first sync of B): %.2f s, %.0f records/s", pull, Double(count) / pull))
print(
    String(
        format: "up-to-date sync: median %.1f ms (min %.1f, max %.1f, %d runs)", upToDate[upToDate.count / 2] * 1000,
        upToDate[0] * 1000, upToDate[upToDate.count - 1] * 1000, upToDate.count))
