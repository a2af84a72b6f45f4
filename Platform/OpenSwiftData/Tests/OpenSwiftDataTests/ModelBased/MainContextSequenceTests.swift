import Foundation
import OpenSwiftData
import Testing

/// Generated operation sequences whose working context is the container's main context,
/// run on the main actor, which ends a turn after each step: the main context then merges
/// the second context's saves, and, autosaving, saves its own changes
/// (``SequenceRunner/afterTurn()``). `OSD_MAIN_SEQUENCES` sets the budget of each case (by
/// default 40 sequences: the main actor is shared with the other tests, so a time budget
/// would run few when they are busy); `OSD_SEED=<seed>` runs the one sequence of that seed.
@Suite("Generated sequences on the main context")
@MainActor
struct MainContextSequenceTests {
    @Test("random sequences on the main context give what the reference gives", arguments: [false, true])
    func randomSequences(autosaving: Bool) async throws {
        let environment = ProcessInfo.processInfo.environment
        var budget = GeneratedBudget(environment: environment)
        if environment["OSD_SEED"] == nil {
            let count = environment["OSD_MAIN_SEQUENCES"].flatMap(Int.init) ?? 40
            var seeds = SeededGenerator(seed: environment["OSD_RUN_SEED"].flatMap(UInt64.init) ?? 0x3A1)
            budget.seeds = (0..<count).map { _ in seeds.next() % 1_000_000_000_000 }
        }
        var counts = SequenceCounts()
        for seed in budget.seeds {
            let operations = GeneratedBudget.sequence(seed: seed)
            let runner = try SequenceRunner(mainContextAutosaving: autosaving)
            do {
                for (index, operation) in operations.enumerated() {
                    try runner.runStep(operation, at: index)
                    // The end of the main actor's turn: merges and autosaves run.
                    await Task.yield()
                    try runner.afterTurn()
                }
            } catch {
                let steps = operations.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
                Issue.record("OSD_SEED=\(seed) (autosaving: \(autosaving)): \(error)\n\(steps)")
                return
            }
            counts.add(runner.counts)
            counts.sequences += 1
        }
        print(
            "generated sequences on the main context (autosaving: \(autosaving)): \(counts.sequences) sequences, "
                + "\(counts.operations) operations, \(counts.saves) saves, 0 differences")
        #expect(counts.sequences == budget.seeds.count)
    }
}
