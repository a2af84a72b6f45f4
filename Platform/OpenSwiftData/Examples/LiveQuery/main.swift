import Foundation
import Observation
import OpenSwiftData

@Model
final class Film {
    var title: String
    var year: Int

    init(title: String, year: Int) {
        self.title = title
        self.year = year
    }
}

@ModelActor
actor Importer {
    func add(_ title: String, year: Int) throws {
        modelContext.insert(Film(title: title, year: year))
        try modelContext.save()
    }
}

@MainActor
func main() async throws {
    let container = try ModelContainer(for: Film.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let recent = LiveQuery(
        FetchDescriptor<Film>(predicate: #Predicate { $0.year >= 2000 }, sortBy: [SortDescriptor(\.title)]),
        in: container.mainContext)
    let importer = Importer(modelContainer: container)
    for (title, year) in [("Ponyo", 2008), ("Metropolis", 1927), ("Arrival", 2016)] {
        let (changed, signal) = AsyncStream<Void>.makeStream()
        withObservationTracking {
            _ = recent.models
        } onChange: {
            signal.yield()
        }
        try await importer.add(title, year: year)
        // An old film is not in the result: its save changes nothing there.
        guard year >= 2000 else { continue }
        for await _ in changed { break }
        print(recent.models.map(\.title))
    }
}

try await main()
