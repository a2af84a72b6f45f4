import Foundation
import SwiftData
import Testing

/// A model actor that resolves identifiers sent from elsewhere, as SwiftData apps pass
/// `PersistentIdentifier`s between actors.
@ModelActor
actor RecipeEditor {
    func rename(_ id: PersistentIdentifier, to title: String) throws {
        guard let recipe = modelContext.model(for: id) as? Recipe else { return }
        recipe.title = title
        try modelContext.save()
    }

    func recipe(_ id: PersistentIdentifier) -> String? {
        self[id, as: Recipe.self]?.title
    }
}

@Suite("ModelContext.model(for:), as SwiftData declares it")
struct ModelForIdentifierTests {
    private static func makeContainer() throws -> ModelContainer {
        try ModelContainer(
            for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    /// A container, and the identifier of a recipe that was saved and then deleted.
    private static func deletedRecipe() throws -> (ModelContainer, PersistentIdentifier) {
        let container = try makeContainer()
        let context = ModelContext(container)
        let soup = Recipe(title: "Soup", minutes: 30)
        context.insert(soup)
        try context.save()
        let id = soup.persistentModelID
        context.delete(soup)
        try context.save()
        return (container, id)
    }

    @Test("model(for:) is not optional: it gives the registered model, or the one the store's row makes")
    func givesTheModel() async throws {
        let container = try Self.makeContainer()
        let context = ModelContext(container)
        let soup = Recipe(title: "Soup", minutes: 30)
        context.insert(soup)
        // SwiftData's signature: a non-optional `any PersistentModel`.
        let inserted: any PersistentModel = context.model(for: soup.persistentModelID)
        #expect(inserted === soup)
        try context.save()

        let other = ModelContext(container)
        let read = try #require(other.model(for: soup.persistentModelID) as? Recipe)
        #expect(read !== soup)
        #expect(read.title == "Soup" && read.minutes == 30)
        #expect(other.model(for: soup.persistentModelID) === read)

        let editor = RecipeEditor(modelContainer: container)
        try await editor.rename(soup.persistentModelID, to: "Pea soup")
        #expect(await editor.recipe(soup.persistentModelID) == "Pea soup")
        #expect(try ModelContext(container).fetch(FetchDescriptor<Recipe>()).map(\.title) == ["Pea soup"])
    }

    @Test("a row that is gone gives a fault of the model's class, which reads nothing until it is read")
    func faultForAMissingRow() async throws {
        let (container, id) = try Self.deletedRecipe()

        let other = ModelContext(container)
        let fault = other.model(for: id)
        #expect(fault is Recipe)
        #expect(fault.persistentModelID == id)
        // The model actor's subscript and a fetch say that there is no such row.
        #expect(await RecipeEditor(modelContainer: container).recipe(id) == nil)
        #expect(try other.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.persistentModelID == id })).isEmpty)
    }

    @Test("a fault whose row is gone stops the program when a property is read, naming it, as in SwiftData")
    func readingAMissingRowStops() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let (container, id) = try Self.deletedRecipe()
            let fault = ModelContext(container).model(for: id) as? Recipe
            _ = fault?.title
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Recipe.title cannot be read: the model's row is not in the store"))
    }

    @Test("a model read by model(for:) reads its relationships when they are first read")
    func readModelFaultsItsRelationships() throws {
        let container = try Self.makeContainer()
        let writer = ModelContext(container)
        let soup = Recipe(title: "Soup", minutes: 30)
        writer.insert(soup)
        soup.ingredients = [Ingredient(name: "leek"), Ingredient(name: "potato")]
        try writer.save()
        let id = soup.persistentModelID

        let reader = ModelContext(container)
        let read = try #require(reader.model(for: id) as? Recipe)
        #expect(read.ingredients.map(\.name).sorted() == ["leek", "potato"])
        #expect(read.ingredients.allSatisfy { $0.recipe === read })
    }
}
