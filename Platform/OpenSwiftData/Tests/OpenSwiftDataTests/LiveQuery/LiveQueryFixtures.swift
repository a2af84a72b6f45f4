import Foundation
import Observation
import Synchronization
import Testing

@testable import OpenSwiftData

@Model
final class Film {
    var title: String
    var year: Int
    var studio: Studio?

    init(title: String, year: Int, studio: Studio? = nil) {
        self.title = title
        self.year = year
        self.studio = studio
    }
}

@Model
final class Studio {
    var name: String
    @Relationship(inverse: \Film.studio) var films: [Film] = []

    init(name: String) { self.name = name }
}

/// A model no relationship leads to from a film.
@Model
final class Jotting {
    var text: String

    init(text: String) { self.text = text }
}

/// Saves made by another actor, with its own context.
@ModelActor
actor FilmDesk {
    func insert(_ title: String, year: Int, studio studioName: String? = nil) throws {
        let studio = try studioName.flatMap { name in
            try modelContext.fetch(FetchDescriptor<Studio>(predicate: #Predicate { $0.name == name })).first
        }
        modelContext.insert(Film(title: title, year: year, studio: studio))
        try modelContext.save()
    }

    func insertStudio(_ name: String) throws {
        modelContext.insert(Studio(name: name))
        try modelContext.save()
    }

    func rename(_ title: String, to newTitle: String) throws {
        try film(title).title = newTitle
        try modelContext.save()
    }

    func renameStudio(_ name: String, to newName: String) throws {
        let studio = try #require(
            try modelContext.fetch(FetchDescriptor<Studio>(predicate: #Predicate { $0.name == name })).first)
        studio.name = newName
        try modelContext.save()
    }

    func delete(_ title: String) throws {
        modelContext.delete(try film(title))
        try modelContext.save()
    }

    func jot(_ text: String) throws {
        modelContext.insert(Jotting(text: text))
        try modelContext.save()
    }

    private func film(_ title: String) throws -> Film {
        try #require(try modelContext.fetch(FetchDescriptor<Film>(predicate: #Predicate { $0.title == title })).first)
    }
}

/// A container on an in-memory store with films, studios and jottings.
func makeFilmContainer() throws -> ModelContainer {
    try makeInMemoryContainer([Film.self, Studio.self, Jotting.self])
}

/// Films of this century, by title: what the tests watch.
let recentFilms = FetchDescriptor<Film>(predicate: #Predicate { $0.year >= 2000 }, sortBy: [SortDescriptor(\.title)])

/// How many times the `onChange` of the trackings made by ``track(_:)`` ran.
final class ChangeCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}

/// Tracks the reads `apply` makes, once, and counts the changes announced to them.
func track(_ apply: () -> Void) -> ChangeCount {
    let changes = ChangeCount()
    withObservationTracking(apply) { changes.increment() }
    return changes
}

/// Waits until `condition` holds, sleeping between checks so that the caller's actor runs
/// its other work (a live query's updates); false if it does not hold after checks spread
/// over at least `timeout`. The limit counts checks, not the clock's time, because other
/// tests running at the same time may hold the actor for minutes: the work the condition
/// waits for is then queued behind them, and a deadline would pass before it ran.
func eventually(
    timeout: Duration = .seconds(120), isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    for _ in 0..<eventuallyChecks(within: timeout) {
        if condition() { return true }
        try? await Task.sleep(for: eventuallyPause)
    }
    return condition()
}

/// The pause between two checks of ``eventually(timeout:isolation:_:)``.
let eventuallyPause = Duration.milliseconds(2)

/// How many checks, `eventuallyPause` apart, `timeout` holds.
func eventuallyChecks(within timeout: Duration) -> Int {
    Int(timeout / eventuallyPause)
}
