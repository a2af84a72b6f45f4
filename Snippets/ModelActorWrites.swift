// snippet.hide
import OpenSwiftData

@Model
final class WatchlistEntry {
    var movieID: Int

    init(movieID: Int) { self.movieID = movieID }
}

// snippet.show
@ModelActor
actor WatchlistStore {
    func add(_ id: Int) throws {
        modelContext.insert(WatchlistEntry(movieID: id))
        try modelContext.save()
    }
}
// snippet.hide
let container = try ModelContainer(
    for: WatchlistEntry.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
let store = WatchlistStore(modelContainer: container)
try await store.add(550)
