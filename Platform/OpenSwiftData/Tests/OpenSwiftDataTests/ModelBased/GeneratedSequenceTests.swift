import Foundation
import OpenSwiftData
import Synchronization
import Testing

/// Generated operation sequences checked against the reference (``SequenceRunner``).
///
/// Each sequence has its own seed, derived from the run's seed. `OSD_SEED=<seed>` runs
/// the one sequence of that seed (a failure prints it); `OSD_SEQUENCES` and
/// `OSD_SECONDS` set the budget (by default 2,000 sequences or 50 seconds, whichever
/// ends first), run by `OSD_WORKERS` threads at once (by default 2), each sequence on a
/// store of its own; `Scripts/soak.sh --minutes N` runs as long as asked.
@Suite("Generated sequences against the reference")
struct GeneratedSequenceTests {
    @Test("random sequences give what the reference gives")
    func randomSequences() throws {
        let environment = ProcessInfo.processInfo.environment
        let budget = GeneratedBudget(environment: environment)
        let run = GeneratedRun(seeds: budget.seeds)
        let started = Date()
        run.runSeeds(workers: budget.workers, until: started + budget.seconds) { Self.run(seed: $0) }
        // Recorded here, on the test's own thread, where Swift Testing attributes it.
        if let failure = run.failure {
            Issue.record("\(failure)")
            return
        }
        let counts = run.counts
        print(
            "generated sequences: \(counts.sequences) sequences, \(counts.operations) operations, \(counts.saves) saves "
                + "(\(counts.refusedSaves) refused as expected), \(counts.undos) undos and redos, "
                + "\(counts.reinserts) re-inserts, \(counts.bulkDeletesAmongChanges) bulk deletes among unsaved changes, "
                + "\(counts.secondLinkSaves) second-context saves of links "
                + "(\(counts.secondLinkSavesOverChanges) over unsaved changes of the models they relink), "
                + "\(counts.secondDeleteSaves) second-context saves of deletes, \(counts.checks) checks, "
                + "0 differences, "
                + "\(Int(Date().timeIntervalSince(started))) s, \(budget.workers) threads")
        #expect(counts.sequences >= budget.minimum)
    }

    /// Runs the sequence of `seed` on a store `store` makes (a SQLite store of its own by
    /// default); a failure is described with the sequence shrunk, and the variable that
    /// replays it (`seedVariable`).
    static func run(
        seed: UInt64, on store: () throws -> any SequenceStore = { SQLiteSequenceStore() },
        seedVariable: String = "OSD_SEED"
    ) -> Result<SequenceCounts, GeneratedRun.Failure> {
        let operations = GeneratedBudget.sequence(seed: seed)
        /// The failure, with the sequence shrunk to the steps that still fail.
        func failure(_ what: String) -> Result<SequenceCounts, GeneratedRun.Failure> {
            let shrunk = SequenceShrinker.shrink(operations, on: store)
            return .failure(
                GeneratedRun.Failure(
                    description: """
                        \(seedVariable)=\(seed): \(what)
                        shrunk to \(shrunk.operations.count) steps (\(shrunk.failure)):
                        \(shrunk.operations.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
                        """))
        }
        do {
            // Once the run lets go of its contexts, nothing may keep its container (and its
            // SQLite connections) alive: no cycle of models, contexts and containers.
            guard let counts = try SequenceRunner.runLettingGo(operations, on: try store()) else {
                return failure("the sequence's container outlived its run, and so did its connections")
            }
            return .success(counts)
        } catch {
            return failure("\(error)")
        }
    }
}

/// What the threads of one run share: the seeds not taken yet, the counts of the sequences
/// that ran, and the first failure (after which no thread takes another seed).
final class GeneratedRun: Sendable {
    /// A sequence that gave what the reference does not, described for the test's report.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private struct State {
        var next = 0
        var counts = SequenceCounts()
        var failure: Failure?
    }

    private let seeds: [UInt64]
    private let state = Mutex(State())

    init(seeds: [UInt64]) {
        self.seeds = seeds
    }

    /// The next seed to run; nil once every seed was taken or a sequence failed.
    func nextSeed() -> UInt64? {
        state.withLock { state in
            guard state.failure == nil, state.next < seeds.count else { return nil }
            defer { state.next += 1 }
            return seeds[state.next]
        }
    }

    func add(_ counts: SequenceCounts) {
        state.withLock { $0.counts.add(counts) }
    }

    /// Keeps the first failure only: the others may be the same defect seen again.
    func fail(_ failure: Failure) {
        state.withLock { state in
            if state.failure == nil { state.failure = failure }
        }
    }

    var counts: SequenceCounts { state.withLock { $0.counts } }
    var failure: Failure? { state.withLock { $0.failure } }

    /// Runs the seeds through `sequence` on `workers` threads at once, until every seed was
    /// taken, `deadline` passed, or a sequence failed; returns when every thread ended.
    func runSeeds(
        workers: Int, until deadline: Date, _ sequence: @Sendable (UInt64) -> Result<SequenceCounts, Failure>
    ) {
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while Date() <= deadline, let seed = nextSeed() {
                switch sequence(seed) {
                case .success(let counts): add(counts)
                case .failure(let failure): fail(failure)
                }
            }
        }
    }
}

/// How many sequences a run makes, from which seeds.
struct GeneratedBudget {
    var seeds: [UInt64]
    var seconds: TimeInterval
    /// How many threads run sequences at once.
    var workers: Int
    /// Fewer sequences than this in the time allowed fails the run: a budget that ran
    /// nothing would prove nothing.
    var minimum: Int

    /// The budget the environment sets, by variables named with `prefix`: `SEED` (one
    /// sequence), `SEQUENCES`, `RUN_SEED`, `SECONDS` (`defaultSeconds` when unset), `WORKERS`.
    init(environment: [String: String], prefix: String = "OSD_", defaultSeconds: TimeInterval = 50) {
        if let text = environment[prefix + "SEED"], let seed = UInt64(text) {
            seeds = [seed]
            seconds = .infinity
            workers = 1
            minimum = 1
            return
        }
        let count = environment[prefix + "SEQUENCES"].flatMap(Int.init) ?? 2_000
        let runSeed = environment[prefix + "RUN_SEED"].flatMap(UInt64.init) ?? 0x5EED
        var seeds = SeededGenerator(seed: runSeed)
        self.seeds = (0..<count).map { _ in seeds.next() % 1_000_000_000_000 }
        seconds = environment[prefix + "SECONDS"].flatMap(TimeInterval.init) ?? defaultSeconds
        workers = max(1, environment[prefix + "WORKERS"].flatMap(Int.init) ?? 2)
        minimum = min(count, 100)
    }

    /// The sequence a seed gives: 10 to 60 steps.
    static func sequence(seed: UInt64) -> [GeneratedOperation] {
        var random = SeededGenerator(seed: seed)
        return GeneratedOperation.randomSequence(count: 10 + random.index(51), using: &random)
    }
}
