import Foundation
import Observation
import SwiftData
import Synchronization
import Testing

/// `@Model` classes of a module whose default isolation is the main actor (Xcode 26's
/// default for new app targets), used as such an app uses them: SwiftData accepts them, and
/// so must we. `@Model` conforms each class to `PersistentModel` without isolation, as the
/// protocol (`SendableMetatype`, as SwiftData's) requires; a class isolated to the main actor
/// in so many words keeps that isolation, and its models stay on the main actor.
@Suite("@Model classes in a module whose default isolation is the main actor")
struct MainActorModelTests {
    @Test("models are inserted, saved, and read back by a new container over the store")
    func roundTrip() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let context = try makeContainer(in: folder).mainContext
            let shelf = Shelf(name: "To read")
            shelf.layout = Layout(columns: 5)
            context.insert(shelf)
            shelf.books.append(Book(title: "Dune"))
            shelf.books.append(Audiobook(title: "Emma", narrator: "Juliet Stevenson"))
            try context.save()
        }
        let context = try makeContainer(in: folder).mainContext
        let shelves = try context.fetch(FetchDescriptor<Shelf>())
        let shelf = try #require(shelves.first)
        #expect(shelves.count == 1)
        #expect(shelf.name == "To read")
        #expect(shelf.layout == Layout(columns: 5))
        #expect(shelf.createdAt == Date(timeIntervalSince1970: 0))
        #expect(shelf.books.map(\.title).sorted() == ["Dune", "Emma"])
        let audiobooks = try context.fetch(FetchDescriptor<Audiobook>())
        #expect(audiobooks.map(\.narrator) == ["Juliet Stevenson"])
        #expect(audiobooks.first?.shelf === shelf)
    }

    @Test("a change of a property is announced to its observers, as with any model")
    func observation() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let context = try makeContainer(in: folder).mainContext
        let shelf = Shelf(name: "Next")
        context.insert(shelf)
        let changed = Flag()
        withObservationTracking {
            _ = shelf.name
        } onChange: {
            changed.raise()
        }
        shelf.name = "Later"
        #expect(changed.isRaised)
        #expect(shelf.name == "Later")
    }

    @Test("a model actor adds models off the main actor, and the main context reads them")
    func modelActor() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let container = try makeContainer(in: folder)
        let importer = ShelfImporter(modelContainer: container)
        let identifier = try await importer.importShelf(named: "Classics", titles: ["Emma", "Persuasion"])
        let shelf = try #require(container.mainContext.model(for: identifier) as? Shelf)
        #expect(shelf.name == "Classics")
        #expect(shelf.books.map(\.title).sorted() == ["Emma", "Persuasion"])
    }

    @Test("a class isolated to the main actor is described off it too, where a container may be made")
    func schemaOffTheMainActor() async throws {
        let metadata = await Task.detached {
            Reminder.schemaMetadata.map { ($0.name, $0.defaultValue as? Date) }
        }.value
        #expect(metadata.map(\.0) == ["text", "dueDate"])
        #expect(metadata.map(\.1) == [nil, Date(timeIntervalSince1970: 86_400)])
    }

    @Test("models of a class isolated to the main actor are saved and read on the main actor")
    func mainActorClass() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let context = try makeContainer(in: folder).mainContext
            context.insert(Reminder(text: "Return the library books"))
            try context.save()
        }
        let reminders = try makeContainer(in: folder).mainContext.fetch(FetchDescriptor<Reminder>())
        #expect(reminders.map(\.text) == ["Return the library books"])
        #expect(reminders.first?.dueDate == Date(timeIntervalSince1970: 86_400))
    }

    @Test("a context on another thread that fetches models of a main-actor class stops the program, naming it")
    func fetchOffTheMainThread() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let folder = try await temporaryFolder()
            let container = try await makeContainer(in: folder)
            try await MainActor.run {
                container.mainContext.insert(Reminder(text: "Water the plants"))
                try container.mainContext.save()
            }
            try await Task.detached {
                let context = ModelContext(container)
                _ = try context.fetch(FetchDescriptor<Reminder>())
            }.value
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Reminder is isolated to the main actor"))
    }
}

/// Set once, from the observation's change handler.
nonisolated final class Flag: Sendable {
    private let raised = Mutex(false)
    var isRaised: Bool { raised.withLock { $0 } }
    func raise() { raised.withLock { $0 = true } }
}
