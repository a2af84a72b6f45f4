import Foundation
import OpenSwiftData
import StoreSyncTesting
import Testing

/// The generated operation sequences of ``GeneratedSequenceTests``, against the same
/// reference, on the PostgreSQL store (OpenSwiftDataPostgres): each sequence in a
/// PostgreSQL schema of its own in one database of the test server, its checks reading the
/// tables with SQL. The migration step does nothing: migrations are not kept on PostgreSQL
/// yet.
///
/// `OSD_POSTGRES_SEED=<seed>` runs the one sequence of that seed (a failure prints it);
/// `OSD_POSTGRES_SEQUENCES` and `OSD_POSTGRES_SECONDS` set the budget (by default 2,000
/// sequences or 30 seconds, whichever ends first), run by `OSD_POSTGRES_WORKERS` threads at
/// once (by default 2).
@Suite("Generated sequences against the reference, on PostgreSQL")
struct PostgresSequenceTests {
    @Test("random sequences on the PostgreSQL store give what the reference gives")
    func randomSequences() async throws {
        let environment = ProcessInfo.processInfo.environment
        let budget = GeneratedBudget(environment: environment, prefix: "OSD_POSTGRES_", defaultSeconds: 30)
        let url = try await TestPostgres.newDatabase()
        let run = GeneratedRun(seeds: budget.seeds)
        let started = Date()
        await Self.onThreadsOfTheirOwn {
            DispatchQueue.concurrentPerform(iterations: budget.workers) { _ in
                while Date().timeIntervalSince(started) <= budget.seconds, let seed = run.nextSeed() {
                    let outcome = GeneratedSequenceTests.run(
                        seed: seed, on: { PostgresSequenceStore(url: url) }, seedVariable: "OSD_POSTGRES_SEED")
                    switch outcome {
                    case .success(let counts): run.add(counts)
                    case .failure(let failure): run.fail(failure)
                    }
                }
            }
        }
        if let failure = run.failure {
            Issue.record("\(failure)")
            return
        }
        let counts = run.counts
        print(
            "generated sequences on PostgreSQL: \(counts.sequences) sequences, \(counts.operations) operations, "
                + "\(counts.saves) saves (\(counts.refusedSaves) refused as expected), \(counts.undos) undos and redos, "
                + "\(counts.reinserts) re-inserts, \(counts.checks) checks, 0 differences, "
                + "\(Int(Date().timeIntervalSince(started))) s, \(budget.workers) threads")
        #expect(counts.sequences >= min(budget.minimum, 20))
    }

    /// What `body` gives, run on a thread of Dispatch's while the caller awaits: a run waits
    /// for the server, which Swift's cooperative pool must stay free to answer.
    static func onThreadsOfTheirOwn<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: body()) }
        }
    }
}

/// What the generated sequences found on the PostgreSQL store, each kept as the shrunk
/// sequence that showed it, with the seed that found it (`OSD_POSTGRES_SEED=…` replays the
/// whole sequence).
@Suite("Findings of the generated sequences on PostgreSQL")
struct PostgresFindingsTests {
    /// Runs the sequence on a PostgreSQL store, which must give what the reference gives and
    /// then let its container end.
    private func replay(_ operations: [GeneratedOperation]) async throws {
        let url = try await TestPostgres.newDatabase()
        let outcome = await PostgresSequenceTests.onThreadsOfTheirOwn {
            Result { try SequenceRunner.runLettingGo(operations, on: PostgresSequenceStore(url: url)) != nil }
        }
        #expect(try outcome.get(), "the sequence's container outlived its run")
    }

    @Test(
        "a toy whose sponsor club was inserted and deleted before the save is saved without a sponsor (OSD_POSTGRES_SEED=747895624900)"
    )
    func linkToDiscardedInsert() async throws {
        try await replay([
            .insert(.club, ["code": .string("C1")], toOne: ["manager": 2]),
            .insert(.toy, ["label": .string("zed")], toOne: ["sponsor": 3]),
            .delete(.club, slot: 7),
            .save,
        ])
    }

    @Test(
        "a saved club deleted by a save leaves the held toy it sponsored without a sponsor (.noAction) (OSD_POSTGRES_SEED=747895624900)"
    )
    func heldModelLetsGoOfDeletedTarget() async throws {
        try await replay([
            .insert(.club, ["code": .string("C1")], toOne: ["manager": 2]),
            .insert(.toy, ["label": .string("zed")], toOne: ["sponsor": 3]),
            .save,
            .delete(.club, slot: 7),
            .save,
        ])
    }

    @Test(
        "delete(model:where:) deletes the stored rows that match at the call, leaving no change in its context (OSD_POSTGRES_SEED=759776609054)"
    )
    func bulkDeleteWritesAtTheCall() async throws {
        try await replay([
            .insert(
                .employee,
                [
                    "active": .bool(true), "born": .date(Date(timeIntervalSinceReferenceDate: 86_400.5)),
                    "handle": .string("H1"), "mood": .null,
                    "nicknames": .strings([]), "score": .double(1.5), "staffNumber": .int(2),
                ], toOne: [:]),
            .save,
            .deleteWhere(
                GeneratedQuery(
                    kind: .person, predicate: 5, parameter: .int(4), sort: 2, reverse: false, offset: nil, limit: nil)),
        ])
    }
}
