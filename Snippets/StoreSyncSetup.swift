// snippet.hide
import Foundation
import OpenSwiftData
// snippet.show
import StoreSync

// snippet.hide
@Model
final class MoviesWatchlistMovieEntity {
    var movieID: Int = 0

    init(movieID: Int) { self.movieID = movieID }
}

let container = try ModelContainer(
    for: MoviesWatchlistMovieEntity.self,
    configurations: ModelConfiguration(
        url: FileManager.default.temporaryDirectory.appending(path: "StoreSyncSetup-\(UUID().uuidString).sqlite"),
        cloudKitDatabase: .private("iCloud.example")))
// snippet.show
let watchlist = SyncedStore(
    name: "watchlist", container: container,  // a container configured with .private(…)
    domainKeys: ["MoviesWatchlistMovieEntity": ["movieID"]])
let engine = StoreSyncEngine(remote: try SyncRemote(url: "postgres://me:secret@db.example.org/popcorn"))
for report in try await engine.sync([watchlist]) {
    print(report.store, report.sent, report.received)
}
let status = try await StoreSyncStatus.read(watchlist)  // last sync, changes not sent yet; no network
