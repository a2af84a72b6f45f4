import Foundation
import OpenSwiftData
import Testing

/// Generated operation sequences checked against the reference (``SequenceRunner``).
///
/// Each sequence has its own seed, derived from the run's seed. `OSD_SEED=<seed>` runs
/// the one sequence of that seed (a failure prints it); `OSD_SEQUENCES` and
/// `OSD_SECONDS` set the budget (by default 2,000 sequences or 100 seconds, whichever
/// ends first); `Scripts/soak.sh --minutes N` runs as long as asked.
@Suite("Generated sequences against the reference")
struct GeneratedSequenceTests {
    @Test("random sequences give what the reference gives")
    func randomSequences() throws {
        let environment = ProcessInfo.processInfo.environment
        let budget = GeneratedBudget(environment: environment)
        var counts = SequenceCounts()
        let started = Date()
        for seed in budget.seeds {
            if Date().timeIntervalSince(started) > budget.seconds { break }
            let operations = GeneratedBudget.sequence(seed: seed)
            // Once the run lets go of its contexts, nothing may keep its container (and
            // its SQLite connections) alive: no cycle of models, contexts and containers.
            weak var container: ModelContainer?
            do {
                let runner = try SequenceRunner()
                container = runner.container
                try runner.run(operations)
                counts.add(runner.counts)
            } catch {
                let shrunk = SequenceShrinker.shrink(operations)
                Issue.record(
                    """
                    OSD_SEED=\(seed): \(error)
                    shrunk to \(shrunk.operations.count) steps (\(shrunk.failure)):
                    \(shrunk.operations.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n"))
                    """)
                return
            }
            if container != nil {
                Issue.record("OSD_SEED=\(seed): the sequence's container outlived its run, and so did its connections")
                return
            }
        }
        print(
            "generated sequences: \(counts.sequences) sequences, \(counts.operations) operations, \(counts.saves) saves "
                + "(\(counts.refusedSaves) refused as expected), \(counts.checks) checks, 0 differences, "
                + "\(Int(Date().timeIntervalSince(started))) s")
        #expect(counts.sequences >= budget.minimum)
    }
}

/// How many sequences a run makes, from which seeds.
struct GeneratedBudget {
    var seeds: [UInt64]
    var seconds: TimeInterval
    /// Fewer sequences than this in the time allowed fails the run: a budget that ran
    /// nothing would prove nothing.
    var minimum: Int

    init(environment: [String: String]) {
        if let text = environment["OSD_SEED"], let seed = UInt64(text) {
            seeds = [seed]
            seconds = .infinity
            minimum = 1
            return
        }
        let count = environment["OSD_SEQUENCES"].flatMap(Int.init) ?? 2_000
        let runSeed = environment["OSD_RUN_SEED"].flatMap(UInt64.init) ?? 0x5EED
        var seeds = SeededGenerator(seed: runSeed)
        self.seeds = (0..<count).map { _ in seeds.next() % 1_000_000_000_000 }
        seconds = environment["OSD_SECONDS"].flatMap(TimeInterval.init) ?? 100
        minimum = min(count, 100)
    }

    /// The sequence a seed gives: 10 to 60 steps.
    static func sequence(seed: UInt64) -> [GeneratedOperation] {
        var random = SeededGenerator(seed: seed)
        return GeneratedOperation.randomSequence(count: 10 + random.index(51), using: &random)
    }
}
