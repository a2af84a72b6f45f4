import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Values a model may hold that JSON or PostgreSQL do not take as they are, and records
/// this release cannot read: one of them must not stop a store's sync for good.
@Suite("Unusual values and records a newer release wrote")
struct UnusualValueTests {
    @Test("a note holding U+0000 reaches the other machine as it was, and the server holds valid jsonb")
    func nulCharacter() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let note = "before\u{0}after \u{0}"
        try a.add(movie: 1, note: note)
        try a.add(movie: 2, note: "plain")
        let sent = try await a.sync(url)
        #expect(sent.sentChanges == 2)
        try await b.sync(url)
        #expect(try b.movies().map(\.note) == [note, "plain"])
        // Edited on B, back on A.
        try b.edit(movie: 2, note: "\u{0}")
        try await b.sync(url)
        try await a.sync(url)
        #expect(try a.movies().map(\.note) == [note, "\u{0}"])
        #expect(try await TestPostgres.integer("SELECT count(*) FROM storesync_records_notes", on: url) == 2)
    }

    @Test("infinite ratings reach the other machine as they were")
    func infinities() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let context = ModelContext(a.container)
        context.insert(Memo(title: "far", rating: .infinity))
        context.insert(Memo(title: "low", rating: -.infinity))
        context.insert(Memo(title: "tiny", rating: .leastNonzeroMagnitude))
        try a.save(context)
        try await a.sync(url)
        try await b.sync(url)
        #expect(try b.memos().map(\.rating) == [.infinity, -.infinity, .leastNonzeroMagnitude])
    }

    @Test(
        "a record holding a value this release cannot read is set aside: the others apply, the model stays as it was, and it applies once readable"
    )
    func recordSetAside() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let context = ModelContext(a.container)
        context.insert(Memo(title: "x", kind: .idea))
        context.insert(Memo(title: "y", kind: .reminder))
        try a.save(context)
        try await a.sync(url)

        // A newer release added a case to `Kind` and wrote it.
        _ = try await TestPostgres.execute(
            """
            UPDATE storesync_records_notes SET fields = jsonb_set(fields, '{kind}', '"task"') \
            WHERE fields->>'title' = 'x'
            """, on: url)
        let first = try await b.sync(url)
        #expect(first.setAside == 1 && first.receivedInsertions == 1)
        #expect(try b.memos().map(\.title) == ["y"])
        #expect(try await b.sync(url).setAside == 1, "each sync fetches it again")

        // Readable again (a newer release of this program, or the value changed back),
        // with no new write on the server: the record set aside applies.
        _ = try await TestPostgres.execute(
            """
            UPDATE storesync_records_notes SET fields = jsonb_set(fields, '{kind}', '"idea"') \
            WHERE fields->>'title' = 'x'
            """, on: url)
        let second = try await b.sync(url)
        #expect(second.setAside == 0 && second.receivedInsertions == 1)
        #expect(try b.memos().map { "\($0.title ?? "-") \($0.kind?.rawValue ?? "-")" } == ["x idea", "y reminder"])

        // A later write of the record that this release cannot read leaves the model whole:
        // neither its title nor its kind changes.
        _ = try await TestPostgres.execute(
            """
            UPDATE storesync_records_notes \
            SET fields = fields || '{"kind": "task", "title": "x renamed"}'::jsonb, seq = nextval('storesync_seq') \
            WHERE fields->>'title' = 'x'
            """, on: url)
        #expect(try await b.sync(url).setAside == 1)
        #expect(try b.memos().map { "\($0.title ?? "-") \($0.kind?.rawValue ?? "-")" } == ["x idea", "y reminder"])
        #expect(try await StoreSyncStatus.read(b.store).neverSynced == false)
    }

    @Test(
        "a record whose version no honest clock gives (a counter of Int64.max, a time a year ahead) is set aside and moves no clock"
    )
    func implausibleVersions() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1)
        try a.add(movie: 2)
        try a.add(movie: 3)
        try await a.sync(url)
        let yearAhead = HybridLogicalClock.milliseconds(Date().addingTimeInterval(365 * 24 * 3600))
        _ = try await TestPostgres.execute(
            """
            UPDATE storesync_records_notes SET version_counter = 9223372036854775807             WHERE (fields->>'movieID')::int = 1
            """, on: url)
        _ = try await TestPostgres.execute(
            "UPDATE storesync_records_notes SET version_wall = \(yearAhead) WHERE (fields->>'movieID')::int = 2",
            on: url)
        let report = try await b.sync(url)
        #expect(report.setAside == 2 && report.receivedInsertions == 1)
        #expect(try b.movies().map(\.movie) == [3])
        // B's clock did not move: its next edit is stamped now, and it syncs on.
        let before = HybridLogicalClock.milliseconds(Date())
        try b.edit(movie: 3, note: "seen")
        try await b.sync(url)
        let wall = try #require(
            try await TestPostgres.integer(
                "SELECT version_wall FROM storesync_records_notes WHERE (fields->>'movieID')::int = 3", on: url))
        #expect(wall >= Int(before) && wall < Int(before) + 60_000)
        try await a.sync(url)
        #expect(try a.movies().map(\.note) == [nil, nil, "seen"])
    }

    @Test(
        "a row whose fields are no JSON object (a broken server's, or one made by hand) is set aside: the store syncs on, its digest check too"
    )
    func fieldsNotAnObject() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1)
        try await a.sync(url)
        _ = try await TestPostgres.execute(
            """
            INSERT INTO storesync_records_notes (record_name, entity, fields, version_wall, version_counter, device,
                deleted, seq)
            SELECT gen_random_uuid(), 'WatchedMovie', '[1, 2]'::jsonb, version_wall, 0, device, false,
                nextval('storesync_seq')
            FROM storesync_records_notes
            """, on: url)
        try a.add(movie: 2)
        let first = try await a.sync(url)
        #expect(first.setAside == 1 && first.unresolved == 0)
        let report = try await b.sync(url)
        #expect(report.setAside == 1 && report.receivedInsertions == 2 && report.repaired == 0)
        #expect(try b.movies().map(\.movie) == [1, 2])
    }

    @Test("a clock an earlier release stored at the highest counter stamps the next millisecond instead of trapping")
    func clockAtTheHighestCounter() {
        let device = UUID()
        let clock = HybridLogicalClock(wall: 5, counter: .max, device: device)
        let next = clock.stamp(savedAt: Date(timeIntervalSince1970: 0), device: device)
        #expect(next > clock && next.wall == 6 && next.counter == 0)
    }

    @Test("a book a cascade deleted and that was added again before its tombstone was sent: one record, live")
    func tombstoneAndReAddInOnePush() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Library()
        let b = try Library()
        // Books are known by their titles on every machine.
        for library in [a, b] { library.domainKeys = ["Book": ["title"]] }
        try a.change { $0.insert(Author(name: "X")) }
        try await a.sync(url)
        try await b.sync(url)
        // B files a book under X; A, not knowing it, deletes X.
        try b.change { context in
            let book = Book(title: "U")
            context.insert(book)
            book.author = try b.named(Author.self, "X", in: context)
        }
        try await b.sync(url)
        try a.change { context in context.delete(try a.named(Author.self, "X", in: context)) }
        try await a.sync(url)
        // B's pull deletes X and, by the cascade, U; the sync stops before U's tombstone is
        // sent. Then U is added again under the same domain key, which names the same record.
        await #expect(throws: SyncError.self) { try await b.sync(url, stoppingAt: .afterApplyingPull) }
        try b.change { $0.insert(Book(title: "U")) }
        let report = try await b.sync(url)
        #expect(report.sentChanges == 1)
        try await a.sync(url)
        #expect(try a.contents().filter { $0.hasPrefix("book") } == (try b.contents().filter { $0.hasPrefix("book") }))
        #expect(try b.contents().contains { $0.hasPrefix("book U ") })
        #expect(
            try await TestPostgres.integer("SELECT count(*) FROM storesync_records_library WHERE NOT deleted", on: url)
                == 1)
    }

    @Test("of two records with one name in one push, the later is sent, and on a tie the live one")
    func onePerName() {
        let device = UUID()
        let name = UUID()
        let other = UUID()
        func record(_ recordName: UUID, wall: Int64, deleted: Bool) -> SyncRecord {
            SyncRecord(
                recordName: recordName, entity: "Book", fields: deleted ? [:] : ["title": "\"U\""],
                version: HybridLogicalClock(wall: wall, counter: 0, device: device), isDeleted: deleted)
        }
        let kept = RemoteRecords.onePerName([
            record(name, wall: 1, deleted: true), record(other, wall: 1, deleted: false),
            record(name, wall: 2, deleted: false),
        ])
        #expect(kept.map(\.recordName) == [other, name] && kept.last?.isDeleted == false)
        let older = RemoteRecords.onePerName([
            record(name, wall: 3, deleted: true), record(name, wall: 2, deleted: false),
        ])
        #expect(older.count == 1 && older.first?.isDeleted == true)
        let tie = RemoteRecords.onePerName([
            record(name, wall: 2, deleted: false), record(name, wall: 2, deleted: true),
        ])
        #expect(tie.count == 1 && tie.first?.isDeleted == false)
    }
}
