import Foundation
import OpenSwiftData
import OpenSwiftDataTesting
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Two processes syncing one store: a page one pull read is applied after the other
/// process's sync applied a later version of the same record. The store keeps the later
/// version of each field it noted, as the server does.
@Suite("A pull page overtaken by another sync of the store")
struct OvertakenPageTests {
    @Test(
        "seed 12 (STORESYNC_SIM_STEPS=60): an edit pulled by another sync of the store is not put back to the older value a page read before it holds"
    )
    func olderPageAfterAnotherSync() async throws {
        let url = try await TestPostgres.newDatabase()
        let (a, b) = (try Machine(), try Machine())
        try a.add(movie: 1, note: "first")
        try await a.sync(url)
        let (aContainer, bContainer) = (a.container, b.container)
        // B's sync has read the page that holds "first"; A's edit is synced meanwhile, and
        // another process syncing B's store pulls it before this page is applied.
        try await b.sync(
            url,
            beforeApplyingPage: {
                let context = ModelContext(aContainer)
                for entry in try Machine.entries(of: 1, release: .current, in: context) { entry.note = "second" }
                try context.save()
                try await Machine.sync(aContainer, url)
                try await Machine.sync(bContainer, url)
            })
        #expect(try b.movies().map(\.description) == ["1/second"])
        // Nothing for the digest check to repair at the next sync.
        try await b.sync(url)
        let check = try await FieldVersionCheck.compare(b.container, table: "storesync_records_notes", url: url)
        #expect(check.differences == [])
    }
}
