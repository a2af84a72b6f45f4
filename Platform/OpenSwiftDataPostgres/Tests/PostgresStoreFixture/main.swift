// One of the processes that the PostgreSQL store's multi-process tests run at once over one
// database (and kill with SIGKILL, or whose server they restart):
//
//   openswiftdata-postgres-fixture URL WORKER OPERATIONS [find-or-create]
//
// runs OPERATIONS seeded random operations of worker WORKER, each one save of a fresh
// context: a journey added with its legs, a leg added to one of its journeys, one of its
// journeys removed (its legs cascade), a shared journey found or created (`shared-0` to
// `shared-2`, `@Attribute(.unique)`, raced by every worker). With `find-or-create`, operations
// 2n and 2n + 1 insert the shared journey `shared-n` with a leg of their own (`shared-3/w2-7`)
// and save: an upsert when the journey is stored (every worker races to create each one).
//
//   openswiftdata-postgres-fixture URL watch SECONDS
//
// holds a `LiveQuery` of every journey in its container's main context, as an app's screen
// does, for SECONDS at most: it prints `LISTENING` once its container hears the saves of the
// store's other instances (a second container of its own erases the empty store until the
// first announces it; after 60 seconds unheard, it fails), then `LIVE` and each journey as
// `CODE:LEGCOUNT:LEGS` (sorted, on one line) each time what the query shows changes.
//
// It prints `OPEN` once its container is open. Before each save it prints
// `BEGIN KIND CODE LEGS` (the journey and the legs it has once saved; 0 for a removal or a
// shared journey), and after it `OK`, or `FAILED` and the error on one line; a failed save is
// not tried again. It prints `DONE` at the end. The tests read the tables with SQL, not
// through this store.
// With POSTGRES_FIXTURE_TRACE=1, postgres-nio's trace goes to the standard error.
import Foundation
import Logging
import OpenSwiftData
import OpenSwiftDataPostgres
import Synchronization

@Model
final class Journey {
    @Attribute(.unique) var code: String
    /// The worker that made it; -1 for a shared journey.
    var worker: Int
    /// How many legs it has: a save that adds a leg adds one here too, so that a save cut in
    /// half would show as a count that differs from the legs.
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

/// SplitMix64: the same operations for a worker at every run.
struct Operations: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Saves `context` after announcing the save; whether it saved.
@discardableResult
func save(_ context: ModelContext, _ kind: String, _ code: String, legs: Int) -> Bool {
    say("BEGIN \(kind) \(code) \(legs)")
    do {
        try context.save()
        say("OK")
        return true
    } catch {
        say("FAILED " + "\(error)".replacingOccurrences(of: "\n", with: " "))
        return false
    }
}

func run(url: URL, worker: Int, operations: Int, findOrCreate: Bool) throws {
    let container = try ModelContainer(
        for: Journey.self, Leg.self, configurations: PostgresStoreConfiguration(url: url))
    say("OPEN")
    var random = Operations(state: UInt64(worker) &* 7919 &+ 1)
    for number in 0..<operations {
        let context = ModelContext(container)
        if findOrCreate {
            // Every worker's operations 2n and 2n + 1 find or create `shared-n`: each is
            // created in a race of all workers, then found.
            let code = "shared-\(number / 2)"
            let journey = Journey(code: code, worker: -1, legCount: 0)
            let leg = Leg(place: "\(code)/w\(worker)-\(number)")
            context.insert(journey)
            context.insert(leg)
            leg.journey = journey
            save(context, "FIND", code, legs: 0)
            continue
        }
        let own = (try? context.fetch(FetchDescriptor<Journey>(predicate: #Predicate { $0.worker == worker }))) ?? []
        let pick = Int.random(in: 0..<100, using: &random)
        switch pick {
        case 0..<45:
            let code = "w\(worker)-\(number)"
            let legs = Int.random(in: 1...4, using: &random)
            let journey = Journey(code: code, worker: worker, legCount: legs)
            context.insert(journey)
            for index in 0..<legs {
                let leg = Leg(place: "\(code)/\(index)")
                context.insert(leg)
                leg.journey = journey
            }
            save(context, "ADD", code, legs: legs)
        case 45..<70:
            guard let journey = own.randomElement(using: &random) else { continue }
            journey.legCount += 1
            let leg = Leg(place: "\(journey.code)/\(journey.legCount - 1)")
            context.insert(leg)
            leg.journey = journey
            save(context, "LEG", journey.code, legs: journey.legCount)
        case 70..<85:
            guard let journey = own.randomElement(using: &random) else { continue }
            let code = journey.code
            context.delete(journey)
            save(context, "REMOVE", code, legs: 0)
        default:
            let code = "shared-\(pick % 3)"
            let found = try? context.fetch(FetchDescriptor<Journey>(predicate: #Predicate { $0.code == code }))
            guard found?.isEmpty == true else { continue }
            context.insert(Journey(code: code, worker: -1, legCount: 0))
            save(context, "SHARED", code, legs: 0)
        }
    }
    say("DONE")
}

/// What the live query shows: each journey's code, stored leg count and legs, sorted.
@MainActor
func describe(_ journeys: [Journey]) -> String {
    journeys.map { "\($0.code):\($0.legCount):\($0.legs.count)" }.sorted().joined(separator: " ")
}

@MainActor
func watch(url: URL, seconds: Int) async throws {
    let container = try ModelContainer(
        for: Journey.self, Leg.self, configurations: PostgresStoreConfiguration(url: url))
    let live = LiveQuery(FetchDescriptor<Journey>(), in: container.mainContext)
    say("OPEN")
    let heard = Mutex(0)
    let changes = container.changes()
    let counting = Task { for await _ in changes { heard.withLock { $0 += 1 } } }
    defer { counting.cancel() }
    let other = try ModelContainer(
        for: Journey.self, Leg.self, configurations: PostgresStoreConfiguration(url: url))
    let unheardAfter = ContinuousClock.now + .seconds(60)
    while heard.withLock({ $0 }) == 0 {
        guard ContinuousClock.now < unheardAfter else {
            FileHandle.standardError.write(
                Data("openswiftdata-postgres-fixture: no other container's save heard within 60 seconds\n".utf8))
            exit(1)
        }
        try other.erase()
        try await Task.sleep(for: .milliseconds(100))
    }
    say("LISTENING")
    var shown: String?
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        let showing = describe(live.models)
        if showing != shown {
            say("LIVE " + showing)
            shown = showing
        }
        try await Task.sleep(for: .milliseconds(20))
    }
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[2] == "watch", let url = URL(string: arguments[1]), let seconds = Int(arguments[3]) {
    do {
        try await watch(url: url, seconds: seconds)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("openswiftdata-postgres-fixture: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count == 4 || (arguments.count == 5 && arguments[4] == "find-or-create"),
    let url = URL(string: arguments[1]), let worker = Int(arguments[2]), let operations = Int(arguments[3])
else {
    FileHandle.standardError.write(
        Data("usage: openswiftdata-postgres-fixture URL WORKER OPERATIONS [find-or-create]\n".utf8))
    exit(2)
}
if ProcessInfo.processInfo.environment["POSTGRES_FIXTURE_TRACE"] == "1" {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = .trace
        return handler
    }
}
do {
    try run(url: url, worker: worker, operations: operations, findOrCreate: arguments.count == 5)
} catch {
    FileHandle.standardError.write(Data("openswiftdata-postgres-fixture: \(error)\n".utf8))
    exit(1)
}
