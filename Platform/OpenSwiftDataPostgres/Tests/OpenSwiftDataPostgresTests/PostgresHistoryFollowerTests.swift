import Foundation
import OpenSwiftData
import OpenSwiftDataPostgres
import StoreSyncTesting
import Testing

// The fixture's models (`openswiftdata-postgres-fixture`), as another program of the same app
// declares them to open the same store.
@Model
final class Journey {
    @Attribute(.unique) var code: String
    var worker: Int
    var legCount: Int
    @Relationship(deleteRule: .cascade, inverse: \Leg.journey) var legs: [Leg] = []

    init(code: String, worker: Int, legCount: Int) {
        self.code = code
        self.worker = worker
        self.legCount = legCount
    }
}

@Model
final class Leg {
    var place: String
    var journey: Journey?

    init(place: String) {
        self.place = place
    }
}

extension PostgresManyProcessesTests {
    @Test(
        "a reader that follows the history with its last token while four processes save reads each save once, in order, none skipped"
    )
    func historyFollower() async throws {
        let url = try await TestPostgres.newDatabase()
        let workers = try (0..<Self.workers).map { try Worker(url: url, index: $0) }
        for worker in workers { try await worker.opened() }
        let reader = ModelContext(
            try ModelContainer(
                for: Journey.self, Leg.self,
                configurations: PostgresStoreConfiguration(url: try #require(URL(string: url)))
            ))
        // As a sync reads it: what came after the last token it kept, again and again.
        var followed: [Int64] = []
        var seen: DefaultHistoryToken?
        func follow() throws {
            var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
            if let seen { descriptor.predicate = #Predicate { $0.token > seen } }
            let read = try reader.fetchHistory(descriptor)
            followed += read.map(\.transactionIdentifier)
            seen = read.last?.token ?? seen
        }
        while workers.contains(where: \.process.isRunning) {
            try follow()
            try await Task.sleep(for: .milliseconds(2))
        }
        var committed = 0
        for worker in workers { committed += try await worker.lines().filter { $0 == "OK" }.count }
        try follow()

        let history = try reader.fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>())
        #expect(history.count == committed)
        #expect(followed.count == history.count, "read \(followed.count) of \(history.count) transactions")
        #expect(followed == history.map(\.transactionIdentifier))
        #expect(history.allSatisfy { !$0.changes.isEmpty })
    }
}
