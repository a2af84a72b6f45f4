import Foundation
import SwiftData
import Testing

@Model
final class Notebook {
    var title: String
    @Relationship(deleteRule: .cascade, inverse: \NotePage.notebook) var pages: [NotePage] = []

    init(title: String) {
        self.title = title
    }
}

@Model
final class NotePage {
    var text: String
    var notebook: Notebook?
    @Relationship(inverse: \Sticker.pages) var stickers: [Sticker] = []

    init(text: String) {
        self.text = text
    }
}

@Model
final class Sticker {
    var name: String
    var pages: [NotePage] = []

    init(name: String) {
        self.name = name
    }
}

@Suite("ModelContext.undoManager, as SwiftData apps use it")
struct UndoTests {
    let container: ModelContainer

    init() throws {
        container = try ModelContainer(
            for: Notebook.self, NotePage.self, Sticker.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    /// A saved notebook "Travel" with the pages "Lisbon" and "Porto", and a context with
    /// an undo manager that fetched it.
    private func savedNotebook() throws -> (ModelContext, UndoManager, Notebook) {
        let setup = ModelContext(container)
        let notebook = Notebook(title: "Travel")
        setup.insert(notebook)
        notebook.pages = [NotePage(text: "Lisbon"), NotePage(text: "Porto")]
        try setup.save()
        let context = ModelContext(container)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let fetched = try #require(try context.fetch(FetchDescriptor<Notebook>()).first)
        return (context, undoManager, fetched)
    }

    /// The notebooks of the store, each with its pages' texts, sorted, as a new context reads them.
    private func stored() throws -> [String: [String]] {
        let notebooks = try ModelContext(container).fetch(FetchDescriptor<Notebook>())
        return Dictionary(uniqueKeysWithValues: notebooks.map { ($0.title, $0.pages.map(\.text).sorted()) })
    }

    @Test("no undo manager by default, and changes made before one is set are not undone")
    func noUndoManagerByDefault() throws {
        let context = ModelContext(container)
        #expect(context.undoManager == nil)
        context.insert(Notebook(title: "Draft"))
        let undoManager = UndoManager()
        context.undoManager = undoManager
        #expect(context.undoManager === undoManager)
        #expect(!undoManager.canUndo)
        undoManager.undo()
        #expect(context.insertedModelsArray.count == 1)
    }

    @Test("undo takes an insert back, redo inserts again")
    func insertUndoRedo() throws {
        let context = ModelContext(container)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let notebook = Notebook(title: "Recipes")
        context.insert(notebook)
        #expect(undoManager.canUndo)

        undoManager.undo()
        #expect(context.insertedModelsArray.isEmpty)
        #expect(!context.hasChanges)
        #expect(notebook.modelContext == nil)
        #expect(undoManager.canRedo)

        undoManager.redo()
        #expect(context.insertedModelsArray.map { ($0 as? Notebook)?.title } == ["Recipes"])
        #expect(notebook.modelContext === context)
        try context.save()
        #expect(try stored() == ["Recipes": []])
    }

    @Test("undo of a delete of an unsaved model inserts it again, with its links")
    func deleteOfInsertUndo() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        let sintra = NotePage(text: "Sintra")
        notebook.pages.append(sintra)
        context.processPendingChanges()
        context.delete(sintra)
        #expect(context.insertedModelsArray.isEmpty)
        #expect(notebook.pages.count == 2)

        undoManager.undo()
        #expect(context.insertedModelsArray.count == 1)
        #expect(sintra.notebook === notebook)
        #expect(notebook.pages.count == 3)
        try context.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto", "Sintra"]])
    }

    @Test("undo puts a changed property back, redo changes it again")
    func changeUndoRedo() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        notebook.title = "Holidays"
        undoManager.undo()
        #expect(notebook.title == "Travel")
        undoManager.redo()
        #expect(notebook.title == "Holidays")
        try context.save()
        #expect(try stored() == ["Holidays": ["Lisbon", "Porto"]])
        #expect(!undoManager.canRedo)
    }

    @Test("undo brings a deleted model back, with the models its cascade deleted and their links")
    func deleteWithCascadeUndo() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        let pages = notebook.pages
        context.delete(notebook)
        #expect(context.deletedModelsArray.count == 3)
        #expect(pages.allSatisfy { $0.notebook == nil })

        undoManager.undo()
        #expect(context.deletedModelsArray.isEmpty)
        #expect(notebook.pages.map(\.text).sorted() == ["Lisbon", "Porto"])
        #expect(pages.allSatisfy { $0.notebook === notebook })
        try context.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto"]])

        undoManager.redo()
        #expect(context.deletedModelsArray.count == 3)
        try context.save()
        #expect(try stored().isEmpty)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<NotePage>()) == 0)
    }

    @Test("undo of a delete puts the model back in the relationships the nullify rule removed it from")
    func deleteWithNullifyUndo() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        let lisbon = try #require(notebook.pages.first { $0.text == "Lisbon" })
        context.delete(lisbon)
        #expect(notebook.pages.map(\.text) == ["Porto"])
        undoManager.undo()
        #expect(notebook.pages.map(\.text).sorted() == ["Lisbon", "Porto"])
        #expect(lisbon.notebook === notebook)
        try context.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto"]])
    }

    @Test("undo takes back a relationship change on both sides, and the insert it made")
    func relationshipAppendUndo() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        let faro = NotePage(text: "Faro")
        notebook.pages.append(faro)
        #expect(faro.notebook === notebook)
        #expect(context.insertedModelsArray.count == 1)

        undoManager.undo()
        #expect(notebook.pages.map(\.text).sorted() == ["Lisbon", "Porto"])
        #expect(faro.notebook == nil)
        #expect(context.insertedModelsArray.isEmpty)

        undoManager.redo()
        #expect(notebook.pages.map(\.text).sorted() == ["Faro", "Lisbon", "Porto"])
        #expect(faro.notebook === notebook)
        try context.save()
        #expect(try stored() == ["Travel": ["Faro", "Lisbon", "Porto"]])
    }

    @Test("undo of a many-to-many change and of a move between owners")
    func manyToManyAndMoveUndo() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        let porto = try #require(notebook.pages.first { $0.text == "Porto" })
        let star = Sticker(name: "star")
        context.insert(star)
        context.processPendingChanges()
        porto.stickers.append(star)
        let other = Notebook(title: "Other")
        context.insert(other)
        porto.notebook = other
        #expect(star.pages.map(\.text) == ["Porto"])
        #expect(notebook.pages.map(\.text) == ["Lisbon"])

        undoManager.undo()
        #expect(star.pages.isEmpty)
        #expect(porto.stickers.isEmpty)
        #expect(porto.notebook === notebook)
        #expect(notebook.pages.map(\.text).sorted() == ["Lisbon", "Porto"])
        #expect(other.modelContext == nil)
        try context.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto"]])
        #expect(try ModelContext(container).fetch(FetchDescriptor<Sticker>()).map(\.pages.count) == [0])
    }

    @Test("changes undone after a save are unsaved changes, which the next save writes")
    func undoAfterSave() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        notebook.title = "Portugal"
        try context.save()
        #expect(!context.hasChanges)

        undoManager.undo()
        #expect(notebook.title == "Travel")
        #expect(context.hasChanges)
        #expect(try stored() == ["Portugal": ["Lisbon", "Porto"]])
        try context.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto"]])

        undoManager.redo()
        try context.save()
        #expect(try stored() == ["Portugal": ["Lisbon", "Porto"]])
    }

    @Test("an insert undone after its save is deleted at the next save")
    func insertUndoneAfterSave() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        let lagos = NotePage(text: "Lagos")
        notebook.pages.append(lagos)
        try context.save()
        #expect(try stored() == ["Travel": ["Lagos", "Lisbon", "Porto"]])

        undoManager.undo()
        #expect(context.deletedModelsArray.count == 1)
        #expect(notebook.pages.map(\.text).sorted() == ["Lisbon", "Porto"])
        try context.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto"]])
    }

    @Test("a delete undone after its save inserts the models again, linked as they were")
    func deleteUndoneAfterSave() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        context.delete(notebook)
        try context.save()
        #expect(try stored().isEmpty)

        undoManager.undo()
        #expect(context.insertedModelsArray.count == 3)
        #expect(notebook.pages.allSatisfy { $0.notebook === notebook })
        try context.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto"]])
        #expect(try ModelContext(container).fetch(FetchDescriptor<NotePage>()).allSatisfy { $0.notebook != nil })
    }

    @Test("changes of one event are one undo step; processPendingChanges() and save() end the event")
    func groupingByEvent() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        #expect(undoManager.groupsByEvent)
        notebook.title = "A"
        notebook.title = "B"
        context.processPendingChanges()
        notebook.title = "C"
        context.insert(Notebook(title: "New"))
        try context.save()
        notebook.title = "D"

        undoManager.undo()
        #expect(notebook.title == "C")
        undoManager.undo()
        #expect(notebook.title == "B")
        #expect(context.insertedModelsArray.isEmpty)
        undoManager.undo()
        #expect(notebook.title == "Travel")
        #expect(!undoManager.canUndo)
    }

    @Test("explicit undo groups, with groupsByEvent off")
    func explicitGrouping() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        undoManager.groupsByEvent = false
        undoManager.beginUndoGrouping()
        notebook.title = "Renamed"
        notebook.pages.first?.text = "Changed"
        undoManager.endUndoGrouping()
        undoManager.beginUndoGrouping()
        context.delete(notebook)
        undoManager.setActionName("Delete Notebook")
        undoManager.endUndoGrouping()
        #expect(undoManager.undoActionName == "Delete Notebook")

        undoManager.undo()
        #expect(context.deletedModelsArray.isEmpty)
        #expect(notebook.title == "Renamed")
        #expect(undoManager.redoActionName == "Delete Notebook")
        undoManager.undo()
        #expect(notebook.title == "Travel")
        #expect(notebook.pages.map(\.text).sorted() == ["Lisbon", "Porto"])
        #expect(!undoManager.canUndo)
    }

    @Test("rollback() removes the context's actions from the undo manager")
    func rollbackRemovesActions() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        notebook.title = "Gone"
        context.rollback()
        #expect(notebook.title == "Travel")
        #expect(!undoManager.canUndo)
        notebook.title = "Kept"
        undoManager.undo()
        #expect(notebook.title == "Travel")
    }

    /// A saved sticker "star", fetched by a context with an undo manager, deleted there and
    /// brought back by an undo: the context has no changes.
    private func stickerBackFromUndoneDelete() throws -> (ModelContext, Sticker) {
        let setup = ModelContext(container)
        setup.insert(Sticker(name: "star"))
        try setup.save()
        let context = ModelContext(container)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let sticker = try #require(try context.fetch(FetchDescriptor<Sticker>()).first)
        context.delete(sticker)
        context.processPendingChanges()
        undoManager.undo()
        #expect(!context.hasChanges)
        return (context, sticker)
    }

    /// Found by the generated sequences: the undone delete's model kept the values it had
    /// when deleted, which the rollback brought back over the fetched ones.
    @Test("a change rolled back after an undone delete goes back to what a fetch has shown since")
    func rollbackAfterUndoneDeleteKeepsFetchedValues() throws {
        let (context, sticker) = try stickerBackFromUndoneDelete()
        let other = ModelContext(container)
        try #require(try other.fetch(FetchDescriptor<Sticker>()).first).name = "moon"
        try other.save()
        #expect(try context.fetch(FetchDescriptor<Sticker>()).map(\.name) == ["moon"])
        // A change, rolled back: the model is as the fetch showed it, not as when deleted.
        sticker.name = "sun"
        context.rollback()
        #expect(sticker.name == "moon")
    }

    /// Found by the generated sequences: the model back from the undone delete counted as
    /// changed, and a fetch returned it from memory after its row was gone.
    @Test("a model back from an undone delete is not fetched once another context deletes its row")
    func undoneDeleteThenDeletedElsewhere() throws {
        let (context, _) = try stickerBackFromUndoneDelete()
        try ModelContext(container).delete(model: Sticker.self, where: #Predicate { $0.name == "star" })
        #expect(try context.fetch(FetchDescriptor<Sticker>()).isEmpty)
        #expect(try context.fetchCount(FetchDescriptor<Sticker>()) == 0)
    }

    @Test("undo of a delete brings the model back in relationships read while it was deleted")
    func relationshipsReadDuringTheDelete() throws {
        let (context, undoManager, notebook) = try savedNotebook()
        let lisbon = try #require(notebook.pages.first { $0.text == "Lisbon" })
        let star = Sticker(name: "star")
        lisbon.stickers.append(star)
        try context.save()
        let reader = ModelContext(container)
        reader.undoManager = undoManager
        let page = try #require(
            try reader.fetch(FetchDescriptor<NotePage>(predicate: #Predicate { $0.text == "Lisbon" })).first)
        reader.delete(page)
        let sticker = try #require(try reader.fetch(FetchDescriptor<Sticker>()).first)
        #expect(sticker.pages.isEmpty)

        undoManager.undo()
        #expect(sticker.pages.map(\.text) == ["Lisbon"])
        #expect(page.stickers.map(\.name) == ["star"])
    }

    @Test("a context with an undo manager ends with its models when the app lets go of both")
    func contextEndsWithItsUndoManager() throws {
        weak var weakContainer: ModelContainer?
        weak var weakNotebook: Notebook?
        do {
            let made = try ModelContainer(
                for: Notebook.self, NotePage.self, Sticker.self,
                configurations: ModelConfiguration(isStoredInMemoryOnly: true))
            weakContainer = made
            let context = ModelContext(made)
            context.undoManager = UndoManager()
            let notebook = Notebook(title: "Short-lived")
            context.insert(notebook)
            notebook.pages.append(NotePage(text: "One"))
            try context.save()
            notebook.title = "Renamed"
            try context.save()
            weakNotebook = notebook
        }
        #expect(weakNotebook == nil)
        #expect(weakContainer == nil)
    }

    @Test("an undo manager the app keeps undoes the changes of a context it let go of")
    func undoManagerOutlivesTheContext() throws {
        let undoManager = UndoManager()
        let notebook: Notebook
        do {
            let (context, _, fetched) = try savedNotebook()
            context.undoManager = undoManager
            fetched.title = "Renamed"
            try context.save()
            notebook = fetched
        }
        undoManager.undo()
        #expect(notebook.title == "Travel")
        try notebook.modelContext?.save()
        #expect(try stored() == ["Travel": ["Lisbon", "Porto"]])
    }

    @Test("the main context saves what an undo changes automatically, as it saves other changes")
    @MainActor
    func mainContextAutosavesUndo() async throws {
        let context = container.mainContext
        let undoManager = UndoManager()
        context.undoManager = undoManager
        context.insert(Notebook(title: "Autosaved"))
        try context.save()
        #expect(try stored() == ["Autosaved": []])
        // The autosave the insert scheduled runs, with nothing left to save.
        try await Task.sleep(for: .milliseconds(50))

        undoManager.undo()
        #expect(context.hasChanges)
        for _ in 0..<100 where context.hasChanges {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try stored().isEmpty)
    }
}
