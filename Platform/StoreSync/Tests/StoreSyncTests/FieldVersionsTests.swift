import Foundation
import StoreSyncTesting
import Testing

@testable import OpenSwiftData
@testable import StoreSync

/// Each store notes the field versions the server holds for its records (``RecordVersions``):
/// after a sync, what it noted is what the server has.
@Suite("Field versions noted by each store")
struct FieldVersionsTests {
    private func expectServersVersions(
        _ machines: [Machine], _ url: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for (index, machine) in machines.enumerated() {
            let differences = try await FieldVersionCheck.compare(
                machine.container, table: "storesync_records_notes", url: url
            ).differences
            #expect(differences.isEmpty, "machine \(index): \(differences)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "after edits of different fields of one movie on two machines, a removal and an add, both stores note the server's versions"
    )
    func editsMergedAndDeleted() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        for movie in 1...3 { try a.add(movie: movie, at: 1_000) }
        try await a.sync(url)
        try await b.sync(url)
        try a.edit(movie: 1, note: "A's note")
        try b.edit(movie: 1, createdAt: 5_000)
        try b.remove(movie: 2)
        try a.add(movie: 4)
        for machine in [a, b, a] { try await machine.sync(url) }
        try await expectServersVersions([a, b], url)
        #expect(try a.movies() == b.movies())
    }

    @Test("a push whose field the server kept at a later version notes the server's version once the pull brings it")
    func supersededField() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1, at: 1_000)
        try await a.sync(url)
        try await b.sync(url)
        b.clockOffset = -86_400
        try a.edit(movie: 1, note: "A's, now")
        try await a.sync(url)
        try b.edit(movie: 1, note: "B's, a day behind")
        try await b.sync(url)
        try await expectServersVersions([a, b], url)
        #expect(try b.movies().map(\.description) == ["1/A's, now"])
    }

    @Test("a push cut off once the server had it, sent again: the store notes the versions the server holds")
    func repeatedPush() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        try a.add(movie: 1)
        try a.add(movie: 2)
        await #expect(throws: SyncError.self) { try await a.sync(url, stoppingAt: .afterPushing) }
        try await Machine(reopening: a).sync(url)
        try await expectServersVersions([Machine(reopening: a)], url)
    }

    @Test(
        "stores of an earlier release, which noted no versions, note those of the records each sync writes or brings; the others stay unknown"
    )
    func earlierRelease() async throws {
        let url = try await TestPostgres.newDatabase()
        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 1)
        try a.add(movie: 2)
        try await a.sync(url)
        try await b.sync(url)
        // As an earlier release left the stores: no versions noted.
        for machine in [a, b] {
            try await machine.container.performSyncTransaction(author: nil) { _, metadata in
                for identifier in try metadata.recordNames(ofEntity: "WatchedMovie").keys {
                    try metadata.setRecordVersions(nil, of: identifier)
                }
            }
        }
        try a.edit(movie: 1, note: "after the upgrade")
        try await a.sync(url)
        try await b.sync(url)
        for machine in [a, b] {
            let differences = try await FieldVersionCheck.compare(
                machine.container, table: "storesync_records_notes", url: url
            ).differences
            #expect(differences.count == 1 && differences.first?.contains("noted nothing") == true, "\(differences)")
        }
    }
}
