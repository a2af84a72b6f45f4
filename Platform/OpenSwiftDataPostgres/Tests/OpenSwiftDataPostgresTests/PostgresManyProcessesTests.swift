import ChildProcess
import Foundation
import StoreSyncTesting
import Testing

/// Four processes (`openswiftdata-postgres-fixture`) save the same models into one database at
/// once, while one is killed with SIGKILL or the server restarts; then a checker reads the
/// tables with SQL, through a connection of its own, and holds them to what the processes
/// said they saved.
///
/// The tests run one after another, so that their workers do not share the machine's two
/// cores with another test's.
@Suite("PostgreSQL store: many processes over one database", .serialized)
struct PostgresManyProcessesTests {
    static let workers = 4
    static let operations = 60

    private static var fixture: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appending(path: "openswiftdata-postgres-fixture")
    }

    /// A running worker; what it printed, into files, so that it can be read while it runs.
    final class Worker {
        let process: ChildProcess
        let index: Int
        private let output: URL
        private let errors: URL

        convenience init(
            url: String, index: Int, operations: Int = PostgresManyProcessesTests.operations, findOrCreate: Bool = false
        ) throws {
            try self.init(
                index: index, arguments: [url, "\(index)", "\(operations)"] + (findOrCreate ? ["find-or-create"] : []))
        }

        /// A process that holds a live query of every journey for `seconds` at most.
        convenience init(url: String, watchingFor seconds: Int) throws {
            try self.init(index: -1, arguments: [url, "watch", "\(seconds)"])
        }

        private init(index: Int, arguments: [String]) throws {
            self.index = index
            let name = "openswiftdata-postgres-worker-\(UUID().uuidString)"
            output = FileManager.default.temporaryDirectory.appending(path: name + ".out")
            errors = FileManager.default.temporaryDirectory.appending(path: name + ".err")
            for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
            process = ChildProcess()
            process.executableURL = PostgresManyProcessesTests.fixture
            process.arguments = arguments
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            for file in [output, errors] { try? FileManager.default.removeItem(at: file) }
        }

        var printed: [String] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// Waits up to a minute for the worker to have opened its container: a fault injected
        /// before then would test its start, not its saves. Records an issue if it did not.
        func opened() async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while !printed.contains("OPEN") && process.isRunning && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            if !printed.contains("OPEN") { Issue.record("worker \(index) did not open its container: \(ended)") }
        }

        /// Waits up to `seconds` for the worker to print a line that `matches`; the last one.
        @discardableResult
        func lastLine(within seconds: Int, matching matches: (String) -> Bool) async throws -> String? {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while process.isRunning && ContinuousClock.now < deadline {
                if let line = printed.last(where: matches) { return line }
                try await Task.sleep(for: .milliseconds(20))
            }
            return printed.last(where: matches)
        }

        /// Its output, once it ended; a worker still running after two minutes hangs: it is
        /// killed, and the test fails. A worker that failed by itself is an issue too.
        func lines() async throws -> [String] {
            let deadline = ContinuousClock.now + .seconds(120)
            while process.isRunning && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("worker \(index) still running after two minutes: killed")
            }
            process.waitUntilExit()
            if process.terminationReason == .exit && process.terminationStatus != 0 {
                Issue.record("worker \(index) failed: \(ended)")
            }
            return printed
        }

        /// How it ended, with its standard error.
        private var ended: String {
            guard !process.isRunning else { return "still running" }
            let reason = process.terminationReason == .exit ? "exit status" : "signal"
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            return "\(reason) \(process.terminationStatus): \(text)"
        }
    }

    /// What one journey went through, by the processes' word: its saves that surely
    /// committed, and whether a save of it may have committed or not (it failed, or its
    /// process was killed during it).
    private struct Claims {
        /// The legs after its last save that surely committed; nil once removed.
        var legs: [String: Int?] = [:]
        var uncertain: Set<String> = []
        /// The find-or-create saves that committed, by shared code.
        var found: [String: Int] = [:]
        var finished = 0
        /// Saves that failed, and saves that committed after a failure of the same process.
        var failed = 0
        var savedAfterFailure = 0

        mutating func read(_ lines: [String]) {
            var pending: (kind: String, code: String, legs: Int)?
            var hasFailed = false
            for line in lines {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case "BEGIN" where words.count == 4:
                    pending = (words[1], words[2], Int(words[3]) ?? 0)
                case "OK":
                    guard let save = pending else { continue }
                    if save.kind == "FIND" {
                        found[save.code, default: 0] += 1
                    } else {
                        legs[save.code] = save.kind == "REMOVE" ? .some(nil) : save.legs
                    }
                    if hasFailed { savedAfterFailure += 1 }
                    pending = nil
                case "FAILED":
                    if let save = pending { uncertain.insert(save.code) }
                    failed += 1
                    hasFailed = true
                    pending = nil
                case "DONE":
                    finished += 1
                default:
                    break
                }
            }
            if let save = pending { uncertain.insert(save.code) }
        }
    }

    /// Each journey in the database: its stored leg count and its legs.
    private static func stored(_ url: String) async throws -> [String: (count: Int, legs: Int)] {
        let rows = try await TestPostgres.execute(
            """
            SELECT j.code, j."legCount", count(l._pk)::int8 FROM "default"."Journey" j
            LEFT JOIN "default"."Leg" l ON l.journey = j._pk GROUP BY j._pk, j.code, j."legCount"
            """, on: url)
        var journeys: [String: (count: Int, legs: Int)] = [:]
        for row in rows {
            let (code, count, legs) = try row.decode((String, Int, Int).self)
            journeys[code] = (count, legs)
        }
        return journeys
    }

    /// The checks every run ends with: no save half-written, no leg left without its
    /// journey, every save a process saw commit in the tables, none it saw refused or never
    /// made; a shared code once at most.
    private static func check(_ claims: Claims, _ url: String) async throws {
        let journeys = try await stored(url)
        for (code, journey) in journeys.sorted(by: { $0.key < $1.key }) {
            #expect(journey.count == journey.legs, "\(code): \(journey.count) legs counted, \(journey.legs) stored")
        }
        let orphans = try await TestPostgres.integer(
            #"SELECT count(*)::int8 FROM "default"."Leg" WHERE journey IS NULL"#, on: url)
        #expect(orphans == 0)
        for (code, legs) in claims.legs.sorted(by: { $0.key < $1.key }) where !claims.uncertain.contains(code) {
            #expect(
                journeys[code]?.count == legs, "\(code): the processes saved \(legs.map(String.init) ?? "its removal")")
        }
        for code in journeys.keys where claims.legs[code] == nil && !claims.uncertain.contains(code) {
            Issue.record("\(code) is stored, and no process saw a save of it commit")
        }
    }

    @Test(
        "four processes save at once and one is killed with SIGKILL mid-run: nothing half-written, every save seen committed holds"
    )
    func killedMidRun() async throws {
        let url = try await TestPostgres.newDatabase()
        // The worker killed has more to do than it can do before its kill.
        let workers = try (0..<Self.workers).map {
            try Worker(url: url, index: $0, operations: $0 == 0 ? 100_000 : Self.operations)
        }
        for worker in workers { try await worker.opened() }
        try await Task.sleep(for: .milliseconds(300))
        kill(workers[0].process.processIdentifier, SIGKILL)
        var claims = Claims()
        for worker in workers { claims.read(try await worker.lines()) }
        #expect(workers[0].process.terminationReason == .uncaughtSignal, "the kill landed before the run ended")
        #expect(claims.finished == Self.workers - 1)
        try await Self.check(claims, url)
        #expect(claims.legs.count > 20, "the processes saved too little to tell")
    }

    @Test(
        "the server restarts while four processes save: the saves it cut fail, nothing half-written, the processes go on"
    )
    func serverRestart() async throws {
        let server = try await TestPostgres.startOwnServer()
        let url = try await server.newDatabase()
        let workers = try (0..<Self.workers).map { try Worker(url: url, index: $0) }
        for worker in workers { try await worker.opened() }
        try await Task.sleep(for: .milliseconds(300))
        try await server.restart()
        var claims = Claims()
        for worker in workers { claims.read(try await worker.lines()) }
        #expect(claims.finished == Self.workers)
        try await Self.check(claims, url)
        #expect(claims.legs.count > 20, "the processes saved too little to tell")
        // The saves the restart cut failed, and later ones committed: the pools connected again.
        if claims.failed > 0 { #expect(claims.savedAfterFailure > 0) }
    }

    @Test(
        "four processes find or create the same unique journeys at once, each with a leg: none fails, none is duplicated, no leg is left unlinked"
    )
    func findOrCreate() async throws {
        let url = try await TestPostgres.newDatabase()
        let workers = try (0..<Self.workers).map { try Worker(url: url, index: $0, operations: 40, findOrCreate: true) }
        var claims = Claims()
        for worker in workers { claims.read(try await worker.lines()) }
        #expect(claims.finished == Self.workers)
        #expect(claims.failed == 0)
        #expect(claims.found.values.reduce(0, +) == Self.workers * 40)
        let journeys = try await TestPostgres.execute(
            #"SELECT code, count(*)::int8 FROM "default"."Journey" GROUP BY code ORDER BY code"#, on: url)
        var rows: [String: Int] = [:]
        for row in journeys {
            let (code, count) = try row.decode((String, Int).self)
            rows[code] = count
        }
        #expect(rows == claims.found.mapValues { _ in 1 })
        // Each leg is linked to the journey of its code, and each committed save left one.
        let legs = try await TestPostgres.execute(
            #"SELECT l.place, j.code FROM "default"."Leg" l LEFT JOIN "default"."Journey" j ON l.journey = j._pk"#,
            on: url)
        var linked: [String: Int] = [:]
        for row in legs {
            let (place, code) = try row.decode((String, String?).self)
            #expect(code.map { place.hasPrefix($0 + "/") } == true, "\(place) is linked to \(code ?? "nothing")")
            linked[code ?? "", default: 0] += 1
        }
        #expect(linked == claims.found)
    }

    @Test(
        "a live query in another process shows what two processes saved, as their saves commit: each journey with its legs"
    )
    func liveQueryInAnotherProcess() async throws {
        let url = try await TestPostgres.newDatabase()
        let watcher = try Worker(url: url, watchingFor: 180)
        let listening = try await watcher.lastLine(within: 60) { $0 == "LISTENING" }
        try #require(listening != nil, "the watching process did not hear its own second container")
        let workers = try (0..<2).map { try Worker(url: url, index: $0) }
        var claims = Claims()
        for worker in workers { claims.read(try await worker.lines()) }
        #expect(claims.finished == 2)
        #expect(claims.legs.count > 10, "the processes saved too little to tell")

        let stored = try await Self.stored(url).map { "\($0.key):\($0.value.count):\($0.value.legs)" }.sorted()
        let expected = "LIVE " + stored.joined(separator: " ")
        let shown = try await watcher.lastLine(within: 10) { $0 == expected }
        #expect(shown == expected, "the live query shows \(watcher.printed.last ?? "nothing")")
    }
}
