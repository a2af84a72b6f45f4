import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Anti-entropy: a store and the server that differ, whatever made them differ, are found
/// different by the digest check that ends each sync, repaired, and reported. Each test
/// plants a divergence no sync made (a write the store's history never saw, a server row
/// changed behind the engine's back), as a bug of the engine or another program would.
/// Every other test's syncs expect no repair (``Machine/sync(_:stoppingAt:allowingRepairs:betweenPushAndPull:sourceLocation:)``).
@Suite("Digest checks: divergences found and repaired")
struct DigestCheckTests {
    /// Two machines holding movies 1 to 3, synced both ways.
    private func twoMachines() async throws -> (url: String, a: Machine, b: Machine) {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        for movie in 1...3 { try a.add(movie: movie, note: "note \(movie)") }
        try await a.sync(url)
        try await b.sync(url)
        return (url, a, b)
    }

    @Test("a field changed in the store file behind the library's back is found and set back to the server's")
    func fieldChangedHere() async throws {
        let (url, a, b) = try await twoMachines()
        try StoreTampering.setAttribute(
            "note", ofEntity: "WatchedMovie", to: "lost edit", where: "movieID", is: 2,
            at: a.folder.file("notes.sqlite"))
        let report = try await a.sync(url, allowingRepairs: true)
        #expect(report.repaired == 1)
        #expect(report.checked == 3)
        #expect(try a.movies().map(\.note) == ["note 1", "note 2", "note 3"])
        #expect(try b.movies() == a.movies())
        // Repaired for good: the next sync finds nothing.
        #expect(try await a.sync(url).repaired == 0)
    }

    @Test("a model deleted from the store file behind the library's back comes back from the server")
    func modelDeletedHere() async throws {
        let (url, a, _) = try await twoMachines()
        try StoreTampering.deleteModels(
            ofEntity: "WatchedMovie", where: "movieID", is: 3, at: a.folder.file("notes.sqlite"))
        #expect(try a.movies().map(\.movie) == [1, 2])
        let report = try await a.sync(url, allowingRepairs: true)
        #expect(report.repaired == 1)
        #expect(try a.movies().map(\.movie) == [1, 2, 3])
        #expect(try a.movies().last?.note == "note 3")
        #expect(try await a.sync(url).repaired == 0)
    }

    @Test("a field the server changed without a new sequence number reaches every machine, each reporting it")
    func fieldChangedOnServer() async throws {
        let (url, a, b) = try await twoMachines()
        _ = try await TestPostgres.execute(
            """
            UPDATE storesync_records_notes SET fields = jsonb_set(fields, '{note}', '"server side"')
            WHERE fields ->> 'movieID' = '1'
            """, on: url)
        #expect(try await a.sync(url, allowingRepairs: true).repaired == 1)
        #expect(try await b.sync(url, allowingRepairs: true).repaired == 1)
        #expect(try a.movies().first?.note == "server side")
        #expect(try b.movies() == a.movies())
    }

    @Test("a record the server turned into a tombstone without a new sequence number is deleted here")
    func tombstonedOnServer() async throws {
        let url = try await TestPostgres.newDatabase()
        // A machine that synced before anything was written keeps every tombstone on the server.
        let c = try Machine()
        try await c.sync(url)
        let a = try Machine()
        for movie in 1...3 { try a.add(movie: movie, note: "note \(movie)") }
        try await a.sync(url)
        _ = try await TestPostgres.execute(
            """
            UPDATE storesync_records_notes SET deleted = true, fields = '{}', field_versions = '{}'
            WHERE fields ->> 'movieID' = '2'
            """, on: url)
        #expect(try await a.sync(url, allowingRepairs: true).repaired == 1)
        #expect(try a.movies().map(\.movie) == [1, 3])
        #expect(try await a.sync(url).repaired == 0)
    }

    @Test("a record the server lost is sent again whole, and other machines keep theirs")
    func lostOnServer() async throws {
        let (url, a, b) = try await twoMachines()
        _ = try await TestPostgres.execute(
            "DELETE FROM storesync_records_notes WHERE fields ->> 'movieID' = '2'", on: url)
        #expect(try await a.sync(url, allowingRepairs: true).repaired == 1)
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes", on: url) == 3)
        #expect(
            try await TestPostgres.execute(
                "SELECT fields ->> 'note' FROM storesync_records_notes WHERE fields ->> 'movieID' = '2'", on: url
            ).first?.decode(String.self) == "note 2")
        #expect(try await b.sync(url).repaired == 0)
        #expect(try b.movies() == a.movies())
    }

    @Test(
        "a record the server has no row of, once it removed tombstones, is kept here, not sent, and reported until edited"
    )
    func unresolvedAfterCompaction() async throws {
        let (url, a, b) = try await twoMachines()
        // A deletion every machine pulls, older than the retention: its tombstone is
        // removed, and the horizon set.
        try a.remove(movie: 3)
        try await a.sync(url)
        try await b.sync(url)
        _ = try await TestPostgres.execute(
            "UPDATE storesync_records_notes SET version_wall = version_wall - 8640000000 WHERE deleted", on: url)
        try await a.sync(url)
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes WHERE deleted", on: url) == 0)
        _ = try await TestPostgres.execute(
            "DELETE FROM storesync_records_notes WHERE fields ->> 'movieID' = '2'", on: url)
        for _ in 0..<2 {
            let report = try await a.sync(url, allowingRepairs: true)
            #expect(report.unresolved == 1)
            #expect(report.repaired == 0)
        }
        #expect(try a.movies().map(\.movie) == [1, 2])
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes", on: url) == 1)
        // An edit sends the model: the server has its record again.
        try a.edit(movie: 2, note: "kept")
        #expect(try await a.sync(url).unresolved == 0)
        try await b.sync(url)
        #expect(try b.movies().map(\.note) == ["note 1", "kept"])
    }

    @Test(
        "a store of more records than a part is compared a part per sync, in turn: a divergence is found within one round"
    )
    func partsInTurn() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let count = LocalDigest.recordsPerPart + 500
        let context = ModelContext(a.container)
        for movie in 1...count { context.insert(WatchedMovie(movieID: movie, createdAt: Date(), note: "n")) }
        try a.save(context)
        try await a.sync(url)
        for movie in [7, count - 1] {
            try StoreTampering.setAttribute(
                "note", ofEntity: "WatchedMovie", to: "changed here", where: "movieID", is: movie,
                at: a.folder.file("notes.sqlite"))
        }
        var reports: [StoreSyncReport] = []
        for _ in 0..<2 { reports.append(try await a.sync(url, allowingRepairs: true)) }
        #expect(reports.map(\.checkedParts) == [2, 2])
        #expect(Set(reports.map(\.checkedPart)) == [1, 2])
        #expect(reports.map(\.checked).reduce(0, +) == count)
        #expect(reports.map(\.repaired).reduce(0, +) == 2)
        #expect(try a.movies().filter { $0.note != "n" }.isEmpty)
        // The next round starts again with the first sync's part.
        #expect(try await a.sync(url).checkedPart == reports[0].checkedPart)
    }

    @Test("equal stores compare equal: values of every kind, relationships, records of another release's fields")
    func noFalseRepairs() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let context = ModelContext(a.container)
        let folder = Folder(name: "ünïcödé \u{0} \"quoted\" \\ /", note: nil)
        context.insert(folder)
        for (index, rating) in [Double.infinity, -.infinity, .leastNonzeroMagnitude, 1e-5, 1e300, 0.1, -0.0]
            .enumerated()
        {
            let memo = Memo(
                title: "memo \(index) \u{1F600}\t", rating: rating, tags: ["é", "\u{0}", "\(index)"],
                kind: index.isMultiple(of: 2) ? .idea : nil, identifier: UUID())
            memo.folder = folder
            context.insert(memo)
        }
        try a.save(context)
        try a.add(movie: 1, at: 1_234_567_890.123_456, note: "\u{7}bell")
        try await a.sync(url)
        try await b.sync(url)
        // A newer release's field on one record: not compared, and no difference.
        _ = try await TestPostgres.execute(
            "UPDATE storesync_records_notes SET fields = fields || '{\"newerField\": [1, 2.50]}' WHERE entity = 'Folder'",
            on: url)
        let reports = [try await a.sync(url), try await b.sync(url)]
        #expect(reports.map(\.checked) == [9, 9])
        #expect(reports.map(\.repaired) == [0, 0])
    }
}
