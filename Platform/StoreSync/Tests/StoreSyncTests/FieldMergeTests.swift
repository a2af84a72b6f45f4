import Foundation
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Two machines' writes of different fields of one record both survive; writes of the
/// same field are ordered by the hybrid logical clock.
@Suite("Merges per field")
struct FieldMergeTests {
    @Test("edits of different fields of one record on two machines both survive, on both")
    func differentFieldsBothSurvive() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 550, at: 1_000, note: "first")
        try await a.sync(url)
        try await b.sync(url)

        // Neither machine sees the other's edit before its own push.
        try a.edit(movie: 550, note: "noted on A")
        try await Task.sleep(for: .milliseconds(20))
        try b.edit(movie: 550, createdAt: 2_000)
        try await a.sync(url)
        let second = try await b.sync(url)
        #expect(second.sentChanges == 1)
        try await a.sync(url)

        let expected = [Machine.Entry(movie: 550, note: "noted on A", createdAt: 2_000)]
        #expect(try a.movies() == expected)
        #expect(try b.movies() == expected)
        let other = try Machine()
        try await other.sync(url)
        #expect(try other.movies() == expected)
    }

    @Test("a pull keeps the fields this machine changed and has not pushed, and takes the others")
    func pullKeepsPendingFields() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 7, at: 1_000, note: "first")
        try await a.sync(url)
        try await b.sync(url)

        try a.edit(movie: 7, createdAt: 3_000)
        try await a.sync(url)
        try await Task.sleep(for: .milliseconds(20))
        // B changes the note, then pulls A's date before pushing its note.
        try b.edit(movie: 7, note: "noted on B")
        try await b.sync(url)
        #expect(try b.movies() == [Machine.Entry(movie: 7, note: "noted on B", createdAt: 3_000)])
        try await a.sync(url)
        #expect(try a.movies() == b.movies())
    }

    @Test("the same field edited on both: the later edit wins on both")
    func sameFieldLaterWins() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 9, at: 1_000, note: "first")
        try await a.sync(url)
        try await b.sync(url)
        try a.edit(movie: 9, note: "earlier, on A")
        try await Task.sleep(for: .milliseconds(20))
        try b.edit(movie: 9, note: "later, on B")
        try await b.sync(url)
        try await a.sync(url)
        try await b.sync(url)
        #expect(try a.movies().map(\.description) == ["9/later, on B"])
        #expect(try b.movies() == a.movies())
    }

    @Test("the server keeps a version per field: the changed field's is the push's, the others' stay")
    func serverFieldVersions() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 3, at: 1_000, note: "first")
        try await a.sync(url)
        let before = try await fieldVersions(url)
        try await Task.sleep(for: .milliseconds(20))
        try a.edit(movie: 3, note: "second")
        try await a.sync(url)
        let after = try await fieldVersions(url)
        #expect(Set(before.keys) == ["createdAt", "movieID", "note"])
        #expect(after["createdAt"] == before["createdAt"])
        #expect(after["movieID"] == before["movieID"])
        #expect(try #require(after["note"]) > #require(before["note"]))
    }

    private func fieldVersions(_ url: String) async throws -> [String: String] {
        let rows = try await TestPostgres.execute("SELECT field_versions::text FROM storesync_records_notes", on: url)
        let text = try #require(try rows.first?.decode(String.self))
        return try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    @Test(
        "a record written again over a tombstone takes the write's version for every field: a later push of an older value of one is fetched over, not kept"
    )
    func noSharedZeroVersion() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        let c = try Machine()
        try a.add(movie: 5, at: 1_000, note: "first")
        try await a.sync(url)
        try await b.sync(url)
        try await c.sync(url)
        try c.edit(movie: 5, note: "noted on C")
        try await c.sync(url)
        try await Task.sleep(for: .milliseconds(20))
        try await a.sync(url)
        try a.remove(movie: 5)
        try await a.sync(url)
        // B, which never pulled C's note, edits the date: its push writes the record again
        // over A's tombstone, with the note it holds.
        try await Task.sleep(for: .milliseconds(20))
        try b.edit(movie: 5, createdAt: 2_000)
        try await b.sync(url)
        // C, which never pulled the delete, edits the date too: its push sends its own note
        // unchanged, which must not stand as equal to B's.
        try await Task.sleep(for: .milliseconds(20))
        try c.edit(movie: 5, createdAt: 3_000)
        try await c.sync(url)
        for machine in [a, b, c] { try await machine.sync(url) }

        let expected = [Machine.Entry(movie: 5, note: "first", createdAt: 3_000)]
        #expect(try a.movies() == expected)
        #expect(try b.movies() == expected)
        #expect(try c.movies() == expected)
        let versions = try await TestPostgres.execute(
            "SELECT v FROM storesync_records_notes, jsonb_each_text(field_versions) AS f(k, v)", on: url)
        #expect(
            try versions.map { try $0.decode(String.self) }.allSatisfy {
                !$0.hasPrefix(String(repeating: "0", count: 32))
            })
    }
}
