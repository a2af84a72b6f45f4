// snippet.hide
import Foundation
import OpenSwiftData

@Model
final class WatchlistEntry {
    var movieID: Int
    var addedAt: Date = Date.now

    init(movieID: Int) { self.movieID = movieID }
}

// snippet.show
@MainActor
final class WatchlistScreen {
    let entries: LiveQuery<WatchlistEntry>

    init(container: ModelContainer) {
        entries = LiveQuery(
            FetchDescriptor(sortBy: [SortDescriptor(\.addedAt)]), in: container.mainContext)
    }
}
// snippet.hide
let container = try ModelContainer(
    for: WatchlistEntry.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
let screen = WatchlistScreen(container: container)
print(screen.entries.models.count)
