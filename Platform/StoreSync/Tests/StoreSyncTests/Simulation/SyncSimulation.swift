import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import StoreSync

/// One seeded schedule: three machines whose clocks are off by up to a day each way,
/// one database on a server of the suite's own, random edits, syncs, syncs cut off or
/// killed, connections cut, the server restarted and its database put back from a dump; then
/// every machine syncs twice, and
/// the replicas are compared with each other, with the server, and with what
/// ``CausalHistory`` claims.
struct SyncSimulation {
    static let day: TimeInterval = 86_400
    static let machineCount = 3
    /// The machine that runs a newer release of the program, whose watchlist entries have
    /// an attribute more (``NewerRelease``); the others run this one.
    static let newerMachine = 2
    static let movieCount = 5
    /// Records per page of the machines' pulls: small, so that pulls span several pages,
    /// each its own local transaction, and syncs are cut off between them.
    static let pullPageSize = 3

    /// `STORESYNC_SIM_VERBOSE=1` writes each step to the standard error as it starts.
    static let verbose = ProcessInfo.processInfo.environment["STORESYNC_SIM_VERBOSE"] == "1"
    /// Syncs of a store by a second process while the first edits and syncs it
    /// (``SimulationStep/secondProcessSync(machine:movie:afterMilliseconds:)``) take the
    /// place of some syncs; `STORESYNC_SIM_SECOND_PROCESS=0` leaves them out (a schedule
    /// without them is another schedule: the same seed draws other steps).
    static let secondProcess = ProcessInfo.processInfo.environment["STORESYNC_SIM_SECOND_PROCESS"] != "0"

    let seed: UInt64
    let server: TestPostgres.OwnServer
    private(set) var stats = SimulationStats()
    /// What each step did, for the report of a failure.
    private(set) var trace: [String] = []
    private var history = CausalHistory(machines: machineCount)
    private var machines: [SimulatedMachine] = []
    private var url = ""
    /// The syncs whose digest check repaired records: each is a divergence.
    private var repairs: [String] = []
    /// Where the server's database is dumped (``SimulationStep/dumpServer``).
    private let dumps = TemporaryFolder(prefix: "SyncSimulation")
    private var hasDump = false
    /// The hostile records put on the server, by the movie each names.
    private var hostile: [Int: HostileRecord] = [:]

    init(seed: UInt64, server: TestPostgres.OwnServer) {
        self.seed = seed
        self.server = server
    }

    /// Runs the schedule; what diverged or broke a claim (empty when nothing did).
    mutating func run(steps count: Int) async throws -> [String] {
        var random = ClockSkewTests.SeededGenerator(state: seed)
        url = try await server.newDatabase()
        machines = try (0..<Self.machineCount).map { index in
            try SimulatedMachine(
                index: index, clockOffset: Double.random(in: -Self.day...Self.day, using: &random).rounded(),
                release: index == Self.newerMachine ? .newer : .current)
        }
        trace.append("clock offsets (s): \(machines.map { Int($0.clockOffset) })")
        let steps = SimulationStep.schedule(
            count: count, machines: Self.machineCount, movies: Self.movieCount, secondProcess: Self.secondProcess,
            using: &random)
        for (number, step) in steps.enumerated() {
            if Self.verbose { FileHandle.standardError.write(Data("seed \(seed) step \(number): \(step)\n".utf8)) }
            if let index = step.syncedMachine, try await isBehindHorizon(index) { stats.behindHorizon += 1 }
            let outcome = try await perform(step, number: number)
            trace.append("\(number): \(step)\(outcome.isEmpty ? "" : ": \(outcome)")")
            stats.steps += 1
        }
        for machine in machines + machines {
            try await sync(machine.index)
        }
        return try await check()
    }

    /// Compares the replicas; the problems found.
    private mutating func check() async throws -> [String] {
        let replicas = try machines.map { try Replica($0.machine) }
        let onServer = try await Replica(server: url)
        var problems = repairs
        for (index, replica) in replicas.enumerated() {
            // A machine of this release holds the server's records without the newer
            // release's fields, which the server keeps.
            let expected = machines[index].release == .newer ? onServer : onServer.withoutNewerFields
            if replica != expected {
                problems.append("machine \(index) holds \(replica)\n  the server holds \(onServer)")
            }
        }
        // Every field version each store noted is the server's.
        for machine in machines {
            let versions = try await FieldVersionCheck.compare(
                machine.machine.container, table: "storesync_records_notes", url: url)
            stats.versionsCompared += versions.compared
            for difference in versions.differences {
                problems.append("machine \(machine.index)'s field versions: \(difference)")
            }
        }
        problems += try await hostileRecordProblems()
        stats.resurrected = history.resurrections(in: onServer)
        stats.cameBack = history.cameBack(in: onServer)
        if problems.isEmpty {
            problems = history.violations(in: onServer)
        }
        (stats.decided, stats.concurrent) = history.claims
        return problems
    }

    /// What became of the hostile records: a machine holds none it must set aside, and a
    /// valid one (``HostileRecord/hugeNote``) is on every machine and the server as it was
    /// written, or, after the server was put back from an older copy, on none.
    private func hostileRecordProblems() async throws -> [String] {
        var problems: [String] = []
        let onServer = Dictionary(
            try await TestPostgres.execute(
                """
                SELECT (fields->>'movieID')::int8, length(fields->>'note')::int8 FROM storesync_records_notes
                WHERE NOT deleted AND jsonb_typeof(fields) = 'object' AND (fields->>'movieID')::int8 >= \(HostileRecord.firstMovie)
                """, on: url
            ).map { try $0.decode((Int, Int).self) }, uniquingKeysWith: { first, _ in first })
        for (movie, record) in hostile.sorted(by: { $0.key < $1.key }) {
            for machine in machines {
                let held = try machine.machine.movies().filter { $0.movie == movie }.map { $0.note?.count ?? 0 }
                let expected = record.isValid ? onServer[movie].map { [$0] } ?? [] : []
                if held != expected {
                    problems.append(
                        "movie \(movie), \(record): machine \(machine.index) holds notes of lengths \(held), "
                            + "the server \(onServer[movie].map(String.init) ?? "none")")
                }
            }
            if record.isValid, let length = onServer[movie], length != HostileRecord.hugeNoteLength {
                problems.append("movie \(movie), \(record): the server holds a note of length \(length)")
            }
        }
        return problems
    }

    // MARK: Steps

    private mutating func perform(_ step: SimulationStep, number: Int) async throws -> String {
        switch step {
        case .addMovie(let index, let movie):
            return try setNote(index, movie: movie, number: number)
        case .editMovie(let index, let pick):
            let held = try machines[index].movieIDs()
            return try setNote(
                index, movie: held.isEmpty ? pick % Self.movieCount + 1 : held[pick % held.count], number: number)
        case .removeMovie(let index, let pick):
            let held = try machines[index].movieIDs()
            guard !held.isEmpty else { return "none held" }
            let movie = held[pick % held.count]
            try machines[index].machine.remove(movie: movie)
            history.record(.movie(movie), value: nil, machine: index, step: number)
            return "movie \(movie)"
        case .addMemo(let index):
            let title = "s\(number)"
            try machines[index].addMemo(title: title, rating: Double(number))
            history.record(
                .memo(title), value: Replica.memoValue(rating: Double(number), tags: []), machine: index, step: number)
            return title
        case .editMemo(let index, let pick):
            let held = try machines[index].memoTitles()
            guard !held.isEmpty else { return "none held" }
            let title = held[pick % held.count]
            let tags = ["s\(number)"]
            try machines[index].editMemo(title: title, rating: Double(number), tags: tags)
            history.record(
                .memo(title), value: Replica.memoValue(rating: Double(number), tags: tags), machine: index,
                step: number)
            return title
        case .removeMemo(let index, let pick):
            let held = try machines[index].memoTitles()
            guard !held.isEmpty else { return "none held" }
            let title = held[pick % held.count]
            try machines[index].removeMemo(title: title)
            history.record(.memo(title), value: nil, machine: index, step: number)
            return title
        case .addFolder(let index):
            let name = "f\(number)"
            try machines[index].addFolder(name: name, note: "s\(number)")
            history.record(.folder(name), value: "s\(number)", machine: index, step: number)
            return name
        case .editFolder(let index, let pick):
            let held = try machines[index].folderNames()
            guard !held.isEmpty else { return "none held" }
            let name = held[pick % held.count]
            try machines[index].editFolder(name: name, note: "s\(number)")
            history.record(.folder(name), value: "s\(number)", machine: index, step: number)
            return name
        case .removeFolder(let index, let pick):
            let held = try machines[index].folderNames()
            guard !held.isEmpty else { return "none held" }
            let name = held[pick % held.count]
            let values = try machines[index].memoValues()
            // Each memo the folder held is changed too (its folder cleared): an edit of
            // the memo as this machine holds it.
            for title in try machines[index].removeFolder(name: name) {
                history.record(.memo(title), value: values[title], machine: index, step: number, writesValue: false)
            }
            history.record(.folder(name), value: nil, machine: index, step: number)
            return name
        case .fileMemo(let index, let memoPick, let folderPick):
            // A machine without a memo or a folder adds one first, so that filings are many.
            var memos = try machines[index].memoTitles()
            if memos.isEmpty {
                _ = try await perform(.addMemo(machine: index), number: number)
                memos = try machines[index].memoTitles()
            }
            var folders = try machines[index].folderNames()
            if folders.isEmpty {
                _ = try await perform(.addFolder(machine: index), number: number)
                folders = try machines[index].folderNames()
            }
            let title = memos[memoPick % memos.count]
            let chosen = folderPick % (folders.count + 1)
            let folder = chosen < folders.count ? folders[chosen] : nil
            let value = try machines[index].file(memo: title, in: folder)
            history.record(.memo(title), value: value, machine: index, step: number, writesValue: false)
            return "memo \(title) in \(folder ?? "none")"
        case .shelveMemo(let index, let memoPick, let shelfPick):
            let held = try machines[index].memoTitles()
            guard !held.isEmpty else { return "no memo held" }
            let title = held[memoPick % held.count]
            let shelf = ["left", "right"][shelfPick % 2]
            let isOn = try machines[index].toggle(memo: title, onShelf: shelf)
            history.record(.shelved(shelf, title), value: isOn ? "on" : nil, machine: index, step: number)
            stats.shelved += 1
            return "memo \(title) \(isOn ? "on" : "off") shelf \(shelf)"
        case .editDuringSync(let index, let movie):
            return try await editDuringSync(index, movie: movie, number: number)
        case .sync(let index):
            try await sync(index)
            return ""
        case .cutOffSync(let index, let beforeNotingPush):
            return try await cutOffSync(index, at: beforeNotingPush ? .afterPushing : .afterConfirmingPush)
        case .killedSync(let index, let delay):
            stats.syncs += 1
            let (folder, release) = (machines[index].folder.url, machines[index].release)
            let url = url
            let outcome = try await machines[index].closed {
                try await KilledSync.run(folder: folder, url: url, killAfter: delay, release: release)
            }
            switch outcome {
            case .finished:
                stats.finishedBeforeKill += 1
                history.pushed(by: index)
                history.pulled(by: index)
                return "finished first"
            case .killed:
                stats.killed += 1
                history.mayHavePushed(by: index)
                history.mayHavePulled(by: index)
                return "killed"
            }
        case .secondProcessSync(let index, let movie, let delay):
            return try await secondProcessSync(index, movie: movie, after: delay, number: number)
        case .interruptedSync(let index, let delay):
            return try await interruptedSync(index, after: delay)
        case .restartServer:
            try await server.restart()
            stats.restarts += 1
            return ""
        case .backUp(let index):
            // A backup taken before the store's first sync is put back as a store never synced:
            // its models without a domain key are pushed again (see the Limits article).
            guard history.hasPushed(index) else { return "never synced: no backup" }
            try machines[index].backUp()
            history.backedUp(by: index)
            return ""
        case .restore(let index):
            guard try await machines[index].restore() else { return "no backup" }
            history.restored(by: index)
            stats.restores += 1
            return ""
        case .dumpServer:
            // A copy of a database the engine has not written to yet would restore nothing.
            guard try await hasSyncTables() else { return "no sync tables yet: no dump" }
            try await TestPostgres.dump(url, to: dumps.file("server.dump"))
            history.serverDumped()
            hasDump = true
            return ""
        case .hostileRecord(let record):
            guard try await hasSyncTables() else { return "no sync tables yet" }
            let movie = HostileRecord.firstMovie + number
            try await record.write(movie: movie, on: url)
            hostile[movie] = record
            stats.hostile += 1
            return "movie \(movie)"
        case .retentionExpiry(let index):
            return try await retentionExpiry(index)
        case .restoreServer:
            guard hasDump else { return "no dump" }
            try await TestPostgres.restore(url, from: dumps.file("server.dump"))
            history.serverRestored()
            stats.serverRestores += 1
            return ""
        }
    }

    /// The retention passes while every other machine is away: their devices were last seen
    /// on the server longer than the retention ago, and the machine syncs with a tombstone
    /// retention of one second, its compaction taking the time to be three days ahead of the
    /// server's (beyond the machines' clocks, a day off at most, which stamp the deletions).
    /// It removes the tombstones it has pulled. The claims are
    /// unchanged: a machine that had not pulled a removed tombstone is behind the compaction
    /// horizon, and its edits of the record were concurrent with the deletion, which may win.
    /// The server's dump, taken before, is now older than the retention, and is not put back:
    /// the deletions the machines keep to send to a server that went back in time are those
    /// of the retention (see the Guarantees article).
    private mutating func retentionExpiry(_ index: Int) async throws -> String {
        let hasTables = try await hasSyncTables()
        let before = hasTables ? try await recordNames() : []
        if hasTables {
            _ = try await TestPostgres.execute(
                "UPDATE storesync_devices SET seen_at = now() - interval '100 days'", on: url)
        }
        stats.syncs += 1
        tally(
            try await machines[index].machine.sync(
                url, allowingRepairs: true, pullPageSize: Self.pullPageSize, tombstoneRetention: .seconds(1),
                compactionClockAhead: .seconds(3 * Self.day)),
            of: index)
        history.pushed(by: index)
        history.pulled(by: index)
        hasDump = false
        history.retentionPassed(syncedBy: index)
        // A push adds or changes rows and never removes one: the rows gone are tombstones
        // the compaction removed.
        let removed = before.subtracting(try await recordNames()).count
        stats.retentionExpiries += 1
        stats.compacted += removed
        return "\(removed) tombstones removed"
    }

    /// The names of the records the server holds, tombstones included.
    private func recordNames() async throws -> Set<String> {
        Set(
            try await TestPostgres.execute("SELECT record_name::text FROM storesync_records_notes", on: url).map {
                try $0.decode(String.self)
            })
    }

    /// Whether the machine's store has pulled less than the tombstones the server removed,
    /// and has pushed to it: its next sync catches up (pulls every record before its push).
    private func isBehindHorizon(_ index: Int) async throws -> Bool {
        guard try await hasTable("storesync_compactions"),
            let horizon = try await TestPostgres.integer(
                "SELECT horizon FROM storesync_compactions WHERE store = 'notes'", on: url)
        else { return false }
        let state = try await SyncState.read(of: try machines[index].machine.store)
        return state.pushedTransaction != nil && state.cursor < horizon
    }

    /// Whether the engine has made the store's table on the server yet.
    private func hasSyncTables() async throws -> Bool {
        try await hasTable("storesync_records_notes")
    }

    /// Whether the server's database has the table `name`.
    private func hasTable(_ name: String) async throws -> Bool {
        try await TestPostgres.integer("SELECT count(*)::int8 FROM pg_tables WHERE tablename = '\(name)'", on: url) == 1
    }

    /// Adds the movie with a note, or sets its note when the machine holds it; the machine
    /// of the newer release sets its rating too.
    private mutating func setNote(_ index: Int, movie: Int, number: Int) throws -> String {
        let note = "s\(number)m\(index)"
        let machine = try machines[index].machine
        let rating = machine.release == .newer ? number : nil
        if try machines[index].movieIDs().contains(movie) {
            try machine.edit(movie: movie, note: note, rating: rating)
        } else {
            try machine.add(movie: movie, note: note, rating: rating)
        }
        recordNote(movie: movie, note: note, rating: rating, machine: index, step: number)
        return "movie \(movie) note \(note)\(rating.map { " rating \($0)" } ?? "")"
    }

    /// Records a movie's note set, and its rating when the newer release's machine sets it
    /// (what the claims of ratings are: ``CausalHistory/violations(in:)``).
    private mutating func recordNote(movie: Int, note: String, rating: Int?, machine: Int, step: Int) {
        history.record(.movie(movie), value: note, machine: machine, step: step)
        if let rating { history.record(.movieRating(movie), value: "r\(rating)", machine: machine, step: step) }
    }

    /// A sync during which the machine sets a movie's note, once its push is noted and
    /// before its pull (the engine's `betweenPushAndPull`): the edit is not on the server
    /// after this sync, and has not seen what its pull brought.
    private mutating func editDuringSync(_ index: Int, movie: Int, number: Int) async throws -> String {
        stats.syncs += 1
        let note = "s\(number)m\(index)"
        let machine = try machines[index].machine
        let (container, file, offset) = (machine.container, machine.folder.file("notes.sqlite"), machine.clockOffset)
        let release = machine.release
        let rating = release == .newer ? number : nil
        let report = try await machine.sync(url, allowingRepairs: true, pullPageSize: Self.pullPageSize) {
            let context = ModelContext(container)
            let held = try Machine.entries(of: movie, release: release, in: context)
            if held.isEmpty {
                let entry = release.watchlistEntry.init(movieID: movie, createdAt: Date(), note: note)
                entry.rating = rating
                context.insert(entry)
            } else {
                for entry in held {
                    entry.note = note
                    if let rating { entry.rating = rating }
                }
            }
            try context.save()
            if offset != 0 {
                try StoreTampering.shiftLatestHistoryTransaction(at: file, by: offset, passingOver: SyncAuthor.name)
            }
        }
        tally(report, of: index)
        history.pushed(by: index)
        recordNote(movie: movie, note: note, rating: rating, machine: index, step: number)
        history.pulled(by: index)
        stats.editedDuring += 1
        return "movie \(movie) note \(note)"
    }

    /// A sync of the machine's store by `storesync-fixture` while this process, its store
    /// open, sets a movie's note and syncs too. When both syncs finish, the edit, saved
    /// before this process's sync began, is pushed by it (or by the other), and the machine
    /// has pulled what the server held before the step; the edit has seen only what the
    /// machine had seen before the step. A save or a sync that fails as two processes on one
    /// store can make it fail, with an error that says to sync again (SQLite's "database is
    /// locked", PostgreSQL's "deadlock detected"), fails as a sync cut off does: counted, and
    /// taken to have maybe pushed and pulled.
    private mutating func secondProcessSync(_ index: Int, movie: Int, after delay: Int, number: Int) async throws
        -> String
    {
        stats.syncs += 2
        let (folder, release, url) = (machines[index].folder.url, machines[index].release, url)
        async let other = KilledSync.run(folder: folder, url: url, killAfter: 120_000, release: release)
        try await Task.sleep(for: .milliseconds(delay))
        var outcome: String
        var failures: [String] = []
        let started = ContinuousClock.now
        do {
            outcome = try setNote(index, movie: movie, number: number)
        } catch  where Self.failsForTheOtherProcess(error) || Self.isGoneForTheOtherProcess(error) {
            outcome = "the edit not saved"
            failures.append("the edit: \(error)")
        }
        do {
            tally(
                try await machines[index].machine.sync(url, allowingRepairs: true, pullPageSize: Self.pullPageSize),
                of: index)
        } catch  where Self.failsForTheOtherProcess(error) {
            failures.append("the sync: \(error)")
        }
        do {
            guard try await other == .finished else {
                throw SimulationError(description: "the second process's sync did not finish")
            }
        } catch  where Self.failsForTheOtherProcess(error) {
            failures.append("the second process's sync: \(error)")
        }
        stats.secondProcess += 1
        if !failures.isEmpty {
            stats.failedForTheOther += 1
            history.mayHavePushed(by: index)
            history.mayHavePulled(by: index)
            return "\(outcome); failed after \(ContinuousClock.now - started): \(failures.joined(separator: "; "))"
        }
        history.pushed(by: index)
        history.pulled(by: index)
        return outcome
    }

    /// Whether `error` is one two processes syncing one store can cause, after which the
    /// sync says to sync again: SQLite's refusal of a transaction while the other process
    /// holds the store ("database is locked", error 5), or PostgreSQL's end of one of two
    /// transactions that wait for each other ("deadlock detected", 40P01).
    private static func failsForTheOtherProcess(_ error: any Error) -> Bool {
        let text = "\(error)"
        return text.contains("database is locked") || text.contains("SQLSTATE 40P01")
    }

    /// Whether `error` is the refusal of a save of a model whose row the other process
    /// deleted meanwhile (its pull applied a deletion, or it folded duplicates): the edit is
    /// not saved, as SwiftData refuses a save of a model another process deleted.
    private static func isGoneForTheOtherProcess(_ error: any Error) -> Bool {
        (error as? SwiftDataError).map { "\($0)".contains("No model with identifier") } ?? false
    }

    private mutating func sync(_ index: Int) async throws {
        stats.syncs += 1
        tally(
            try await machines[index].machine.sync(url, allowingRepairs: true, pullPageSize: Self.pullPageSize),
            of: index)
        history.pushed(by: index)
        history.pulled(by: index)
    }

    /// Counts what a sync's digest check compared and repaired; a repair (or a record left
    /// unresolved) is a problem.
    private mutating func tally(_ report: StoreSyncReport, of index: Int) {
        stats.checked += report.checked
        stats.repaired += report.repaired + report.unresolved
        if report.repaired + report.unresolved > 0 {
            repairs.append(
                "after step \(stats.steps): machine \(index)'s digest check repaired \(report.repaired) records, "
                    + "left \(report.unresolved) unresolved")
        }
    }

    private mutating func cutOffSync(_ index: Int, at stop: StoreSyncEngine.Stop) async throws -> String {
        stats.syncs += 1
        do {
            try await machines[index].machine.sync(url, stoppingAt: stop, pullPageSize: Self.pullPageSize)
            throw SimulationError(description: "the sync of machine \(index) was not stopped")
        } catch let error as SyncError {
            guard "\(error)".contains("stopped for a test") else { throw error }
        }
        if stop == .afterPushing {
            history.pushedUnnoted(by: index)
        } else {
            history.pushed(by: index)
        }
        try machines[index].reopen()
        stats.cutOff += 1
        return ""
    }

    private mutating func interruptedSync(_ index: Int, after delay: Int) async throws -> String {
        stats.syncs += 1
        let database = String(URLComponents(string: url)?.path.dropFirst() ?? "")
        let admin = server.url
        async let terminated = Self.terminateConnections(database: database, admin: admin, after: delay)
        var failure: (any Error)?
        do {
            tally(
                try await machines[index].machine.sync(url, allowingRepairs: true, pullPageSize: Self.pullPageSize),
                of: index)
        } catch {
            failure = error
        }
        let cut = try await terminated
        if let failure {
            stats.interrupted += 1
            history.mayHavePushed(by: index)
            history.mayHavePulled(by: index)
            return "failed: \(failure)"
        }
        history.pushed(by: index)
        history.pulled(by: index)
        return "finished (\(cut) connections cut)"
    }

    /// Terminates, from the server's side, every connection to the database after a
    /// delay; how many there were.
    private static func terminateConnections(database: String, admin: String, after delay: Int) async throws -> Int {
        try await Task.sleep(for: .milliseconds(delay))
        return try await TestPostgres.integer(
            """
            SELECT count(pg_terminate_backend(pid))::int8 FROM pg_stat_activity
            WHERE datname = '\(database)' AND pid <> pg_backend_pid()
            """, on: admin) ?? 0
    }
}
