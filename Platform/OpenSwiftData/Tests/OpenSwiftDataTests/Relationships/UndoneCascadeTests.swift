import Foundation
import Testing

@testable import OpenSwiftData

/// An undo of a delete puts back every relationship its delete rules changed, those of the
/// models the cascade deleted before their first save included.
@Suite("An undone cascade")
struct UndoneCascadeTests {
    @Test(
        "a person's delete cascades to two unsaved pets, and from the second to its favorite toy, which is the first's toy too: the undo gives the first pet its toy back (OSD_SEED=88794787477)"
    )
    func unsavedPetGetsItsToyBack() throws {
        let folder = TemporaryFolder()
        let context = ModelContext(try SequenceRunner.openFirstVersion(folder))
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let bo = Generated.Pet(rid: 1, name: "bo")
        let dee = Generated.Pet(rid: 2, name: "Dee")
        let owner = Generated.Person(rid: 3, name: "Ana")
        let toy = Generated.Toy(rid: 4, label: "ball")
        for model in [bo, dee, owner, toy] as [any PersistentModel] { context.insert(model) }
        owner.pets = [bo, dee]
        toy.favoriteOf = dee
        toy.pet = bo
        context.processPendingChanges()

        // bo goes first, and leaves the context (it was never saved); the toy goes with
        // Dee, and its pet link leaves bo's toys.
        context.delete(owner)
        context.processPendingChanges()
        #expect(toy.isDeleted || toy.modelContext == nil)
        undoManager.undo()

        #expect(bo.toys.map(\.rid) == [4])
        #expect(toy.pet === bo && toy.favoriteOf === dee)
        #expect(Set(owner.pets.map(\.rid)) == [1, 2])
        try context.save()
        let saved = ModelContext(context.container)
        let toys = try saved.fetch(FetchDescriptor<Generated.Pet>(predicate: #Predicate { $0.name == "bo" })).first?
            .toys
        #expect(toys?.map(\.rid) == [4])
    }
}
