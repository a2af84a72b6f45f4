import Foundation
import Observation
import Testing

@testable import OpenSwiftData

@Suite("A live query on the main actor follows the saves of other actors")
@MainActor
struct LiveQueryMainActorTests {
    let container: ModelContainer
    let desk: FilmDesk

    init() throws {
        container = try makeFilmContainer()
        desk = FilmDesk(modelContainer: container)
        let writer = ModelContext(container)
        let ghibli = Studio(name: "Ghibli")
        writer.insert(ghibli)
        writer.insert(Film(title: "Spirited Away", year: 2001, studio: ghibli))
        writer.insert(Film(title: "Ponyo", year: 2008, studio: ghibli))
        writer.insert(Film(title: "Metropolis", year: 1927))
        try writer.save()
    }

    private func titles(_ query: LiveQuery<Film>) -> [String] {
        query.models.map(\.title)
    }

    @Test("it holds the descriptor's models from the start")
    func initialFetch() {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        #expect(titles(query) == ["Ponyo", "Spirited Away"])
        #expect(query.error == nil)
    }

    @Test("an insert saved by another actor that matches is announced, and shown")
    func insertElsewhere() async throws {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        let changes = track { _ = query.models }
        try await desk.insert("Arrival", year: 2016)
        #expect(await eventually { changes.value == 1 })
        #expect(titles(query) == ["Arrival", "Ponyo", "Spirited Away"])
    }

    @Test("an update saved by another actor is announced, and the model shows it")
    func updateElsewhere() async throws {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        let ponyo = query.models[0]
        let changes = track { _ = query.models }
        try await desk.rename("Ponyo", to: "Gake no Ue no Ponyo")
        #expect(await eventually { changes.value == 1 })
        #expect(titles(query) == ["Gake no Ue no Ponyo", "Spirited Away"])
        // The same instance, read again.
        #expect(query.models[0] === ponyo)
        #expect(ponyo.title == "Gake no Ue no Ponyo")
    }

    @Test("a delete saved by another actor is announced, and the model leaves")
    func deleteElsewhere() async throws {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        let changes = track { _ = query.models }
        try await desk.delete("Spirited Away")
        #expect(await eventually { changes.value == 1 })
        #expect(titles(query) == ["Ponyo"])
    }

    @Test("a save of its own context is announced too")
    func ownSave() async throws {
        let context = container.mainContext
        let query = LiveQuery(recentFilms, in: context)
        let changes = track { _ = query.models }
        context.insert(Film(title: "Your Name", year: 2016))
        try context.save()
        #expect(await eventually { changes.value == 1 })
        #expect(titles(query) == ["Ponyo", "Spirited Away", "Your Name"])
    }

    @Test("a save of an entity its models cannot reach is skipped without fetching")
    func unrelatedSave() async throws {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        let changes = track { _ = query.models }
        try await desk.jot("buy popcorn")
        #expect(await eventually { query.handledChangeCount == 1 })
        #expect(query.fetchCount == 1)
        #expect(changes.value == 0)
    }

    @Test("a save that leaves the result as it was fetches, and announces nothing")
    func saveOutsideTheResult() async throws {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        let changes = track { _ = query.models }
        try await desk.insert("Nosferatu", year: 1922)
        try await desk.rename("Metropolis", to: "Metropolis (restored)")
        #expect(await eventually { query.handledChangeCount == 2 })
        #expect(query.fetchCount == 3)
        #expect(changes.value == 0)
        #expect(titles(query) == ["Ponyo", "Spirited Away"])
        // What does change the result is still announced.
        try await desk.insert("Paprika", year: 2006)
        #expect(await eventually { changes.value == 1 })
    }

    @Test("a related model updated by another actor is announced, and read again")
    func relatedUpdate() async throws {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        let studio = try #require(query.models[0].studio)
        #expect(studio.name == "Ghibli")
        let changes = track { _ = query.models }
        try await desk.renameStudio("Ghibli", to: "Studio Ghibli")
        #expect(await eventually { changes.value == 1 })
        #expect(query.models.map { $0.studio?.name } == ["Studio Ghibli", "Studio Ghibli"])
        #expect(studio.name == "Studio Ghibli")
    }

    @Test("a predicate that reads a relationship follows the related entity's saves")
    func predicateThroughRelationship() async throws {
        let byStudio = FetchDescriptor<Film>(
            predicate: #Predicate { $0.studio?.name == "Toho" }, sortBy: [SortDescriptor(\.title)])
        try await desk.insertStudio("Tōhō")
        try await desk.insert("Godzilla", year: 1954, studio: "Tōhō")
        let query = LiveQuery(byStudio, in: container.mainContext)
        #expect(query.models.isEmpty)
        let changes = track { _ = query.models }
        try await desk.renameStudio("Tōhō", to: "Toho")
        #expect(await eventually { changes.value == 1 })
        #expect(titles(query) == ["Godzilla"])
    }

    @Test("erasing the container's data empties it")
    func erase() async throws {
        let query = LiveQuery(recentFilms, in: container.mainContext)
        let changes = track { _ = query.models }
        try container.erase()
        #expect(await eventually { changes.value == 1 })
        #expect(query.models.isEmpty)
    }

    @Test("a fetch that fails is reported in error")
    func fetchError() async throws {
        var partial = recentFilms
        partial.propertiesToFetch = [\.studio?.name]
        let query = LiveQuery(partial, in: container.mainContext)
        #expect(query.error != nil)
        #expect(query.models.isEmpty)
    }

    @Test("refresh() shows the context's unsaved inserts")
    func refresh() {
        let context = container.mainContext
        let query = LiveQuery(recentFilms, in: context)
        let changes = track { _ = query.models }
        context.insert(Film(title: "Akira", year: 2020))
        query.refresh()
        #expect(changes.value == 1)
        #expect(titles(query) == ["Akira", "Ponyo", "Spirited Away"])
    }

    @Test("a released live query is freed, and its stream of saves ends")
    func release() async throws {
        var query: LiveQuery<Film>? = LiveQuery(recentFilms, in: container.mainContext)
        weak let released = query
        #expect(released != nil)
        #expect(container.saveBroadcaster.subscriberCount == 1)
        query = nil
        #expect(released == nil)
        #expect(container.saveBroadcaster.subscriberCount == 0)
        // A save after it finds nothing to update.
        try await desk.insert("Arrival", year: 2016)
        #expect(LiveQuery(recentFilms, in: container.mainContext).models.count == 3)
    }
}
