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
/// `OSD_POSTGRES_SEQUENCES` and `OSD_POSTGRES_SECONDS` set the budget (by default the first
/// 20 sequences of the run's seeds, within 10 minutes: a count, not a time, so that a loaded
/// machine runs the same ones), run by `OSD_POSTGRES_WORKERS` threads at once (by default 2).
@Suite("Generated sequences against the reference, on PostgreSQL")
struct PostgresSequenceTests {
    @Test("random sequences on the PostgreSQL store give what the reference gives")
    func randomSequences() async throws {
        let environment = ProcessInfo.processInfo.environment
        var chosen = GeneratedBudget(environment: environment, prefix: "OSD_POSTGRES_", defaultSeconds: 600)
        if environment["OSD_POSTGRES_SEED"] == nil, environment["OSD_POSTGRES_SEQUENCES"] == nil {
            chosen.seeds = Array(chosen.seeds.prefix(20))
            chosen.minimum = chosen.seeds.count
        }
        let budget = chosen
        let url = try await TestPostgres.newDatabase()
        let run = GeneratedRun(seeds: budget.seeds)
        let started = Date()
        await Self.onThreadsOfTheirOwn {
            run.runSeeds(workers: budget.workers, until: started + budget.seconds) { seed in
                GeneratedSequenceTests.run(
                    seed: seed, on: { PostgresSequenceStore(url: url) }, seedVariable: "OSD_POSTGRES_SEED")
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
        #expect(counts.sequences >= budget.minimum)
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

    /// Runs the whole sequence of a seed on a PostgreSQL store.
    private func replay(seed: UInt64) async throws {
        let url = try await TestPostgres.newDatabase()
        let outcome = await PostgresSequenceTests.onThreadsOfTheirOwn {
            GeneratedSequenceTests.run(
                seed: seed, on: { PostgresSequenceStore(url: url) }, seedVariable: "OSD_POSTGRES_SEED")
        }
        if case .failure(let failure) = outcome { Issue.record("\(failure)") }
    }

    @Test(
        "a new model linked to a person a second context deleted fails its save with modelNotFound naming the person, not the foreign key's error",
        arguments: [388_729_113_274 as UInt64])
    func linkToRowDeletedElsewhere(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "a second context's change of a toy's serial leaves the pet the working context linked it to (to-ones written when changed only)",
        arguments: [543_065_934_872 as UInt64])
    func toOneKeptBySecondContextsSave(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "a toy whose sponsor club the working context deleted, unsaved, keeps its sponsor (.noAction) when read again after a second context's save",
        arguments: [627_694_172_936 as UInt64])
    func deletedNoActionTargetStaysUntilSave(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "a club's members set to a person a second context added it to since: the link holds (OSD_POSTGRES_SEED=159477636871)"
    )
    func membersSetOverSecondContextsLink() async throws {
        let manager = GeneratedRelationship.all.first { $0.owner == .club && $0.name == "manager" }!
        let clubs = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "clubs" }!
        let members = GeneratedRelationship.all.first { $0.owner == .club && $0.name == "members" }!
        try await replay([
            .insert(.club, ["code": .string("C0"), "title": .string("eve")], toOne: ["manager": 7]),
            .insert(
                .employee,
                [
                    "active": .bool(true), "age": .int(5), "mood": .string("busy"), "name": .string("cy"),
                    "staffNumber": .int(0),
                ], toOne: [:]),
            .save,
            .insert(.club, ["code": .string("C1"), "title": .string("abab")], toOne: [:]),
            .setToOne(manager, slot: 4, target: 3),
            .appendInSecond(clubs, slot: 0, target: 0),
            .saveSecond,
            .replace(members, slot: 1, targets: [5]),
            .save,
        ])
    }

    @Test(
        "a club deleted, saved and inserted again is in its manager's managed clubs again",
        arguments: [778_473_048_526 as UInt64])
    func reinsertedModelLinksBack(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "delete(model:where:) among unsaved changes: a held club no longer shows the members whose rows went",
        arguments: [911_025_864_740 as UInt64])
    func bulkDeleteUnlinksHeldModels(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "delete(model:where:) refused by a .deny lets its container end with the run",
        arguments: [164_683_345_108 as UInt64])
    func refusedBulkDeleteLetsGo(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "a second context that unpairs a one-to-one after another paired it anew leaves no row naming a model that names another",
        arguments: [910_435_995_749 as UInt64])
    func oneToOneStaysAPair(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "a new toy sponsored by a club the same save deletes is saved without a sponsor",
        arguments: [875_767_654_004 as UInt64])
    func linkToRowDeletedBySameSave(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "an employee deleted, saved and inserted again is a new row that a new mentee's link names",
        arguments: [338_338_402_584 as UInt64])
    func linkToModelInsertedAgain(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "a person deleted by a second context that did not see a badge since given to them is refused: the badge's holder is required",
        arguments: [373_158_588_698 as UInt64])
    func deleteRefusedByUnseenRequiredLink(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "two contexts' changes of one person's clubs both hold: a many-to-many is written as the difference from what was read",
        arguments: [260_559_458_439 as UInt64])
    func manyToManyWritesItsDifference(seed: UInt64) async throws {
        try await replay(seed: seed)
    }

    @Test(
        "a many-to-many changed, then fetched again after another context saved it, is written as the difference from what was read (OSD_POSTGRES_SEED=260559458439)"
    )
    func manyToManyReadBeforeAnotherSave() async throws {
        let clubs = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "clubs" }!
        try await replay([
            .insert(
                .person, ["nicknames": .strings(["cy", "bo"]), "score": .double(-.infinity)], toOne: ["mentor": 1]),
            .insert(.club, ["code": .string("C0"), "title": .string("x")], toOne: [:]),
            .insert(.club, ["code": .string("C1"), "title": .string("Éva")], toOne: ["manager": 4]),
            .save,
            .appendInSecond(clubs, slot: 5, target: 0),
            .replace(clubs, slot: 7, targets: [1, 3]),
            .saveSecond,
            .save,
        ])
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
