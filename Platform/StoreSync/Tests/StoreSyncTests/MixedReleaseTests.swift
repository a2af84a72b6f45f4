import Foundation
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Machines of two releases syncing one store: a newer release's watchlist entry has an
/// attribute more (``NewerRelease``), which this release's machines neither read nor send.
@Suite("Machines of two releases")
struct MixedReleaseTests {
    private func ratedMovies(_ machine: Machine) throws -> [String] {
        try machine.movies().map { "\($0.description) \($0.rating.map(String.init) ?? "-")" }
    }

    @Test(
        "a machine of this release edits and removes entries a newer release rated: each rating stays while its entry lives, and goes with it"
    )
    func olderMachineKeepsTheNewerField() async throws {
        let url = try await TestPostgres.newDatabase()
        let newer = try Machine(release: .newer)
        let older = try Machine()
        try newer.add(movie: 1, note: "first", rating: 5)
        try newer.add(movie: 2, note: "first", rating: 7)
        try await newer.sync(url)
        try await older.sync(url)
        try older.edit(movie: 1, note: "edited by the older release")
        try older.remove(movie: 2)
        try await older.sync(url)
        try await newer.sync(url)
        #expect(try ratedMovies(newer) == ["1/edited by the older release 5"])

        // Added again by the older release: a new entry, without the rating of the one removed.
        try older.add(movie: 2, note: "again")
        try newer.edit(movie: 1, note: "edited by the newer release", rating: 6)
        try await older.sync(url)
        try await newer.sync(url)
        try await older.sync(url)
        #expect(try ratedMovies(newer) == ["1/edited by the newer release 6", "2/again -"])
        #expect(try older.movies().map(\.description) == ["1/edited by the newer release", "2/again"])
        let ratings = try await TestPostgres.execute(
            """
            SELECT (fields->>'movieID')::int8, (fields->>'rating')::int8 FROM storesync_records_notes
            WHERE NOT deleted ORDER BY 1
            """, on: url
        ).map { try $0.decode((Int, Int?).self) }
        #expect(ratings.map { "\($0.0) \($0.1.map(String.init) ?? "-")" } == ["1 6", "2 -"])
    }
}
