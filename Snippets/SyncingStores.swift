// snippet.hide
import Foundation
import OpenSwiftData
// snippet.show
import StoreSync

// snippet.hide
// Only compiled: syncing needs a server.
func syncBoth(_ watchlist: SyncedStore, _ history: SyncedStore) async throws -> [StoreSyncReport] {
    // snippet.show
    let engine = StoreSyncEngine(remote: try SyncRemote(url: "postgres://me:secret@db.example/popcorn"))
    let reports = try await engine.sync([watchlist, history])
    // snippet.hide
    return reports
}
