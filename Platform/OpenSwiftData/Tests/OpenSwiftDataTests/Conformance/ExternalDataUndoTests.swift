import Foundation
import Testing

@testable import OpenSwiftData

/// What undo, rollback and re-insertion bring back of an `@Attribute(.externalStorage)`
/// value is its bytes, never the name of a file the save removed: each scenario is read
/// back through a new container, as another process would read it, after the context
/// that changed it has saved. (SwiftData's undo manager restores a deleted model with its
/// values: "Deleting persistent data from your app", and WWDC23 "Dive deeper into
/// SwiftData": undo support through the context's `undoManager`.)
struct ExternalDataUndoTests {
    private let folder = TemporaryFolder()
    private var url: URL { folder.file("photos.sqlite") }
    private let original = largeData(7)

    private func container() throws -> ModelContainer {
        try ModelContainer(for: Photo.self, configurations: ModelConfiguration(url: url))
    }

    /// A saved photo with a large image, and a context with an undo manager that fetched
    /// it without reading the image.
    private func savedPhoto() throws -> (ModelContainer, ModelContext, UndoManager, Photo) {
        let container = try container()
        let setUp = ModelContext(container)
        setUp.insert(Photo(title: "coast", image: original))
        try setUp.save()
        let context = ModelContext(container)
        let undoManager = UndoManager()
        context.undoManager = undoManager
        let photo = try #require(try context.fetch(FetchDescriptor<Photo>()).first)
        return (container, context, undoManager, photo)
    }

    /// The image of the one photo, read by a new container on the same file.
    private func storedImage() throws -> Data? {
        try ModelContext(try container()).fetch(FetchDescriptor<Photo>()).first?.image
    }

    @Test("undo of a saved delete brings the image back")
    func undoSavedDelete() throws {
        let (_, context, undoManager, photo) = try savedPhoto()
        context.delete(photo)
        try context.save()
        #expect(try storedImage() == nil)
        undoManager.undo()
        try context.save()
        #expect(try storedImage() == original)
    }

    @Test("undo of a saved change of an image never read brings the old image back")
    func undoChangeOfUnreadValue() throws {
        let (_, context, undoManager, photo) = try savedPhoto()
        photo.image = largeData(9)
        try context.save()
        undoManager.undo()
        try context.save()
        #expect(try storedImage() == original)
    }

    @Test("undo of a saved change of an image never read, after another property changed first, brings it back")
    func undoChangeAfterAnotherProperty() throws {
        let (_, context, undoManager, photo) = try savedPhoto()
        photo.title = "shore"
        context.processPendingChanges()
        photo.image = largeData(9)
        try context.save()
        undoManager.undo()
        try context.save()
        #expect(try storedImage() == original)
    }

    @Test("a deleted model inserted again after the save keeps its image")
    func reinsertAfterSavedDelete() throws {
        let (_, context, _, photo) = try savedPhoto()
        context.delete(photo)
        try context.save()
        context.insert(photo)
        try context.save()
        #expect(try storedImage() == original)
    }

    @Test("a model whose row a bulk deletion removed, inserted again, keeps its image")
    func reinsertAfterBulkDelete() throws {
        let (_, context, _, photo) = try savedPhoto()
        try context.delete(model: Photo.self)
        context.insert(photo)
        try context.save()
        #expect(try storedImage() == original)
    }
}
