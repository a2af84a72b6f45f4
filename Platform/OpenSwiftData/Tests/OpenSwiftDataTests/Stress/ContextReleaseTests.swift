import Foundation
import OpenSwiftData
import Testing

/// What ends when the app lets go of a context. Related models refer to each other, and
/// each to its context; once nothing else holds them, they, their context and its
/// container (with its SQLite connections) must end, and a model the app still holds
/// must keep working.
@Suite("Stress: letting go of a context")
struct ContextReleaseTests {
    /// A container on a new store of six shelves of four volumes.
    private static func seededContainer(_ folder: TemporaryFolder) throws -> ModelContainer {
        let container = try makeContainer(StressLibrary.types, folder: folder)
        try StressLibrary.seed(container, shelves: 0..<6, volumesEach: 4)
        return container
    }

    @Test("a context whose models loaded each other ends when let go of, with its models and container")
    func relatedModelsEndWithTheirContext() throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var context: ModelContext?
        weak var shelf: StressShelf?
        weak var volume: StressVolume?
        do {
            let made = try Self.seededContainer(folder)
            container = made
            let reader = ModelContext(made)
            context = reader
            let shelves = try reader.fetch(FetchDescriptor<StressShelf>())
            // Both directions loaded: each shelf holds its volumes, each volume its shelf.
            #expect(shelves.allSatisfy { $0.volumes.allSatisfy { $0.shelf != nil } })
            shelf = shelves.first
            volume = shelves.first?.volumes.first
        }
        #expect(context == nil)
        #expect(shelf == nil)
        #expect(volume == nil)
        #expect(container == nil)
    }

    @Test("a context whose models loaded one direction of their relationships ends when let go of, with its models")
    func oneDirectionEndsWithItsContext() throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var context: ModelContext?
        weak var shelf: StressShelf?
        weak var volume: StressVolume?
        do {
            let made = try Self.seededContainer(folder)
            container = made
            let reader = ModelContext(made)
            context = reader
            let shelves = try reader.fetch(FetchDescriptor<StressShelf>())
            // Each shelf holds its volumes; no volume has read its shelf.
            #expect(shelves.reduce(0) { $0 + $1.volumes.map(\.number).count } == 24)
            shelf = shelves.first
            volume = shelves.first?.volumes.first
        }
        #expect(context == nil)
        #expect(shelf == nil)
        #expect(volume == nil)
        #expect(container == nil)
    }

    @Test("models that refer to each other through a relationship without an inverse end with their context")
    func oneWayCycleEndsWithItsContext() throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var link: StressLink?
        do {
            let made = try makeContainer([StressLink.self], folder: folder)
            container = made
            let writer = ModelContext(made)
            let first = StressLink(name: "first")
            let second = StressLink(name: "second")
            writer.insert(first)
            writer.insert(second)
            try writer.save()
            first.next = second
            second.next = first
            try writer.save()
        }
        do {
            let made = try makeContainer([StressLink.self], folder: folder)
            container = made
            let reader = ModelContext(made)
            let links = try reader.fetch(FetchDescriptor<StressLink>(sortBy: [SortDescriptor(\.name)]))
            // Both loaded from the store: each link holds the other.
            #expect(links.map { $0.next?.name } == ["second", "first"])
            link = links.first
        }
        #expect(link == nil)
        #expect(container == nil)
    }

    @Test("a context whose inserts and saves linked models ends when let go of, with its container")
    func savedInsertsEndWithTheirContext() throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var shelf: StressShelf?
        do {
            let made = try makeContainer(StressLibrary.types, folder: folder)
            container = made
            let writer = ModelContext(made)
            let new = StressShelf(name: "new", position: 0)
            new.volumes = [StressVolume(title: "one", number: 1), StressVolume(title: "two", number: 2)]
            writer.insert(new)
            try writer.save()
            shelf = new
        }
        #expect(shelf == nil)
        #expect(container == nil)
    }

    @Test("a model held after its context is let go of reads its relationships again and saves through its context")
    func heldModelKeepsWorking() throws {
        let folder = TemporaryFolder()
        let container = try Self.seededContainer(folder)
        let shelf = try { () throws -> StressShelf in
            let reader = ModelContext(container)
            let shelves = try reader.fetch(FetchDescriptor<StressShelf>(sortBy: [SortDescriptor(\.position)]))
            #expect(shelves[2].volumes.count == 4)
            return shelves[2]
        }()
        // The loaded volumes were forgotten when the context was let go of; read again.
        #expect(shelf.volumes.map(\.number).sorted() == [8, 9, 10, 11])
        #expect(shelf.volumes.allSatisfy { $0.shelf === shelf })
        let context = try #require(shelf.modelContext)
        #expect(shelf.modelContext === context)
        shelf.name = "renamed"
        shelf.volumes.removeAll { $0.number == 8 }
        try context.save()
        let check = try ModelContext(container).fetch(
            FetchDescriptor<StressShelf>(predicate: #Predicate { $0.position == 2 }))
        #expect(check.map(\.name) == ["renamed"])
        #expect(check.first?.volumes.map(\.number).sorted() == [9, 10, 11])
    }

    @Test("a context let go of with unsaved changes keeps them for its models' context to save")
    func unsavedChangesAreKept() throws {
        let folder = TemporaryFolder()
        let container = try Self.seededContainer(folder)
        let shelf = { () -> StressShelf in
            let writer = ModelContext(container)
            let new = StressShelf(name: "unsaved", position: 99)
            new.volumes = [StressVolume(title: "kept", number: 990)]
            writer.insert(new)
            return new
        }()
        let context = try #require(shelf.modelContext)
        #expect(context.hasChanges)
        #expect(shelf.volumes.map(\.title) == ["kept"])
        try context.save()
        let saved = try ModelContext(container).fetch(
            FetchDescriptor<StressShelf>(predicate: #Predicate { $0.name == "unsaved" }))
        #expect(saved.first?.volumes.map(\.title) == ["kept"])
    }

    @Test("a model's context is the one the app holds")
    func modelContextIsTheAppsContext() throws {
        let folder = TemporaryFolder()
        let container = try Self.seededContainer(folder)
        let context = ModelContext(container)
        let shelves = try context.fetch(FetchDescriptor<StressShelf>())
        #expect(shelves.allSatisfy { $0.modelContext === context })
        #expect(shelves.allSatisfy { $0.volumes.allSatisfy { $0.modelContext === context } })
    }

    @Test(
        "a rolled-back insert linked to a saved model lets go of it, and keeps its links to the other rolled-back inserts"
    )
    func rolledBackInsertLetsGoOfSavedModels() throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var volume: StressVolume?
        var shelf: StressShelf?
        do {
            let made = try Self.seededContainer(folder)
            container = made
            let context = ModelContext(made)
            let saved = try #require(try context.fetch(FetchDescriptor<StressVolume>()).first)
            let new = StressShelf(name: "new", position: 99)
            let newVolume = StressVolume(title: "new", number: 999)
            context.insert(new)
            new.volumes = [saved, newVolume]
            context.rollback()
            // The saved volume is back as saved; the rolled-back shelf lets go of it.
            #expect(saved.shelf?.name != "new")
            #expect(new.volumes.map(\.title) == ["new"])
            #expect(newVolume.shelf === new)
            shelf = new
            volume = newVolume
        }
        #expect(shelf?.volumes.count == 1)
        #expect(volume != nil)
        #expect(container == nil)
    }

    /// Found by the generated sequences: the models of the deleted rows kept each other
    /// (a person and its badge) and the club the person had joined, and so the context and
    /// its container, for as long as the process ran.
    @Test("a bulk delete of linked models lets the context and its container end; the held models show it")
    func bulkDeletedModelsLetTheContainerEnd() throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var person: Generated.Person?
        do {
            let made = try SequenceRunner.openFirstVersion(folder)
            container = made
            let context = ModelContext(made)
            let club = Generated.Club(rid: 1, code: "C0", title: "")
            let member = Generated.Person(rid: 2, name: "zed")
            context.insert(club)
            context.insert(member)
            member.clubs.append(club)
            context.insert(Generated.Badge(rid: 3, label: "", holder: member))
            try context.save()
            person = member
            try context.delete(model: Generated.Person.self, where: #Predicate { $0.rid == 2 })
            #expect(club.members.isEmpty)
            #expect(!context.hasChanges)
            #expect(try context.fetch(FetchDescriptor<Generated.Badge>()).isEmpty)
        }
        #expect(person == nil)
        #expect(container == nil)
    }

    /// Found by the generated sequences with undo: the undo recorder kept the last change
    /// it had registered, whose model held the context.
    @Test("a context with an undo manager, rolled back after a change, ends with its container when let go of")
    func rolledBackChangeWithUndoManagerEnds() throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        let undoManager = UndoManager()
        do {
            let made = try makeContainer(StressLibrary.types, folder: folder)
            container = made
            let context = ModelContext(made)
            context.undoManager = undoManager
            let shelf = StressShelf(name: "A", position: 1)
            context.insert(shelf)
            try context.save()
            shelf.position = 2
            context.rollback()
            #expect(!context.hasChanges)
        }
        #expect(!undoManager.canUndo)
        #expect(container == nil)
    }

    /// Found by the generated sequences: a person who was their own mentor and had joined a
    /// club, deleted, kept themself (the nullify rule of one side of the pair hid the model
    /// from the other side's; a model deleted before its first save kept a snapshot of its
    /// links), and through the club the context and its container, for as long as the
    /// process ran.
    @Test(
        "a deleted model related to itself lets the context and its container end",
        arguments: [false, true])
    func selfRelatedDeletedModelLetsTheContainerEnd(savedFirst: Bool) throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var person: Generated.Person?
        do {
            let made = try SequenceRunner.openFirstVersion(folder)
            container = made
            let context = ModelContext(made)
            let club = Generated.Club(rid: 1, code: "C0", title: "")
            let member = Generated.Person(rid: 2, name: "zed")
            context.insert(club)
            context.insert(member)
            member.mentor = member
            member.clubs.append(club)
            if savedFirst { try context.save() }
            person = member
            context.delete(member)
            // Apple, `Schema.Relationship.DeleteRule.nullify`: "nullifies the related model's
            // reference to the deleted model", here the model's own.
            #expect(member.mentor == nil)
            #expect(member.mentees.isEmpty)
            #expect(club.members.isEmpty)
            try context.save()
        }
        #expect(person == nil)
        #expect(container == nil)
    }

    /// Found by the generated sequences: a pet and its favorite toy, the toy also among the
    /// pet's toys, deleted by their owner's cascade, each kept the other through the side of
    /// a pair its rule leaves (`pet.favorite`, `toy.pet`), and the club sponsoring the toy,
    /// and so the context and its container.
    @Test(
        "deleted models that held each other through two relationships let the context and its container end",
        arguments: [false, true])
    func deletedModelsHoldingEachOtherLetTheContainerEnd(savedFirst: Bool) throws {
        let folder = TemporaryFolder()
        weak var container: ModelContainer?
        weak var pet: Generated.Pet?
        weak var toy: Generated.Toy?
        do {
            let made = try SequenceRunner.openFirstVersion(folder)
            container = made
            let context = ModelContext(made)
            let club = Generated.Club(rid: 1, code: "C0", title: "")
            let owner = Generated.Person(rid: 2, name: "zed")
            context.insert(club)
            context.insert(owner)
            try context.save()
            let favorite = Generated.Pet(rid: 3, name: "rex")
            let ball = Generated.Toy(rid: 4, label: "ball")
            context.insert(favorite)
            context.insert(ball)
            favorite.owner = owner
            ball.pet = favorite
            ball.favoriteOf = favorite
            ball.sponsor = club
            if savedFirst { try context.save() }
            pet = favorite
            toy = ball
            context.delete(owner)
            #expect(favorite.isDeleted || favorite.modelContext == nil)
            #expect(club.sponsored.isEmpty)
            if savedFirst { try context.save() } else { context.rollback() }
        }
        #expect(pet == nil)
        #expect(toy == nil)
        #expect(container == nil)
    }
}
