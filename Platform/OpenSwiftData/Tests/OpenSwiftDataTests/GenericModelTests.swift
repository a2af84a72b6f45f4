import Foundation
import Testing

@testable import OpenSwiftData

/// A generic class cannot have stored type properties: `@Model` passes its properties' key
/// paths as literals there, where other classes keep them in type constants.
@Model
final class GenericBox<Tag> {
    var name: String
    init(name: String) { self.name = name }
}

/// A class declared inside a generic type is generic too.
struct GenericShelf<Item> {
    @Model
    final class Label {
        var text: String
        init(text: String) { self.text = text }
    }
}

/// A class declared in an extension of a generic type is generic too, which the
/// extension's syntax does not show.
struct GenericCrate<Item> {}

extension GenericCrate {
    @Model
    final class Sticker {
        var word: String
        init(word: String) { self.word = word }
    }
}

@Suite("A generic @Model class")
struct GenericModelTests {
    @Test("reads, saves and fetches its properties")
    func readsSavesAndFetches() throws {
        let box = GenericBox<Int>(name: "a")
        #expect(box.name == "a")
        let container = try makeInMemoryContainer([GenericBox<Int>.self])
        let context = ModelContext(container)
        context.insert(box)
        box.name = "b"
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<GenericBox<Int>>()).map(\.name) == ["b"])
    }

    @Test("declared inside a generic type, reads, saves and fetches its properties")
    func nestedInGenericType() throws {
        #expect(try savedAndFetched(GenericShelf<Int>.Label(text: "spine"), \.text) == ["spine"])
    }

    @Test("declared in an extension of a generic type, reads, saves and fetches its properties")
    func inExtensionOfGenericType() throws {
        #expect(try savedAndFetched(GenericCrate<Int>.Sticker(word: "fragile"), \.word) == ["fragile"])
    }

    /// Inserts `model` into a new in-memory container of its type, saves, and reads
    /// `property` of every model a new context fetches.
    private func savedAndFetched<Model: PersistentModel>(_ model: Model, _ property: KeyPath<Model, String>) throws
        -> [String]
    {
        let container = try makeInMemoryContainer([Model.self])
        let context = ModelContext(container)
        context.insert(model)
        try context.save()
        return try ModelContext(container).fetch(FetchDescriptor<Model>()).map { $0[keyPath: property] }
    }
}
