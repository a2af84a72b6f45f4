import Foundation
import Observation
import Testing

@testable import OpenSwiftData

/// A model actor that watches the recent films in its own context.
@ModelActor
actor FilmBoard {
    private var query: LiveQuery<Film>?
    private var changes: ChangeCount?

    /// Starts watching, and tracks the result's next change.
    func watch() {
        let query = LiveQuery(recentFilms, in: modelContext)
        self.query = query
        changes = track { _ = query.models }
    }

    func titles() -> [String] { query?.models.map(\.title) ?? [] }

    /// How many changes the tracking was told of, and how many saves the query handled.
    func counts() -> (changes: Int, handled: Int, fetches: Int) {
        (changes?.value ?? 0, query?.handledChangeCount ?? 0, query?.fetchCount ?? 0)
    }

    func insert(_ title: String, year: Int) throws {
        modelContext.insert(Film(title: title, year: year))
        try modelContext.save()
    }

    func stopWatching() -> Bool {
        weak let released = query
        query = nil
        return released == nil
    }
}

@Suite("A live query in a model actor follows the saves of other contexts")
struct LiveQueryModelActorTests {
    let container: ModelContainer

    init() throws {
        container = try makeFilmContainer()
        let writer = ModelContext(container)
        writer.insert(Film(title: "Ponyo", year: 2008))
        try writer.save()
    }

    /// Waits until the board's counts satisfy `condition` (see ``eventually(timeout:isolation:_:)``).
    private func eventuallyCounts(
        _ board: FilmBoard, _ condition: @escaping @Sendable ((changes: Int, handled: Int, fetches: Int)) -> Bool
    ) async -> Bool {
        for _ in 0..<eventuallyChecks(within: .seconds(120)) {
            if condition(await board.counts()) { return true }
            try? await Task.sleep(for: eventuallyPause)
        }
        return condition(await board.counts())
    }

    @Test("a save by another actor that matches is announced in the model actor")
    func insertElsewhere() async throws {
        let board = FilmBoard(modelContainer: container)
        await board.watch()
        #expect(await board.titles() == ["Ponyo"])
        try await FilmDesk(modelContainer: container).insert("Arrival", year: 2016)
        #expect(await eventuallyCounts(board) { $0.changes == 1 })
        #expect(await board.titles() == ["Arrival", "Ponyo"])
    }

    @Test("a save on the main actor is announced in the model actor")
    @MainActor
    func insertOnMainActor() async throws {
        let board = FilmBoard(modelContainer: container)
        await board.watch()
        container.mainContext.insert(Film(title: "Paprika", year: 2006))
        try container.mainContext.save()
        #expect(await eventuallyCounts(board) { $0.changes == 1 })
        #expect(await board.titles() == ["Paprika", "Ponyo"])
    }

    @Test("a save of the actor's own context is announced")
    func ownSave() async throws {
        let board = FilmBoard(modelContainer: container)
        await board.watch()
        try await board.insert("Your Name", year: 2016)
        #expect(await eventuallyCounts(board) { $0.changes == 1 })
        #expect(await board.titles() == ["Ponyo", "Your Name"])
    }

    @Test("a save that does not touch the result is not announced")
    func unrelatedSave() async throws {
        let board = FilmBoard(modelContainer: container)
        await board.watch()
        let desk = FilmDesk(modelContainer: container)
        try await desk.jot("call the projectionist")
        try await desk.insert("Metropolis", year: 1927)
        #expect(await eventuallyCounts(board) { $0.handled == 2 })
        let counts = await board.counts()
        #expect(counts.changes == 0)
        #expect(counts.fetches == 2)
    }

    @Test("a released live query is freed, and its task lets go of the actor")
    func release() async throws {
        var board: FilmBoard? = FilmBoard(modelContainer: container)
        weak let releasedBoard = board
        await board?.watch()
        #expect(await board?.stopWatching() == true)
        // Watching again, then letting go of the actor with the query in it: the query's
        // task ends when the query goes, and holds the actor no longer.
        await board?.watch()
        board = nil
        #expect(await eventually { releasedBoard == nil })
    }
}
