import Foundation
import SwiftData
import Testing

/// A value that stands for a model by its identifier, as brightdigit/DataThespian's `Model<T>`
/// declares it: `Identifiable` through `persistentIdentifier.id`, of type
/// `PersistentIdentifier.ID` (SwiftData's `PersistentIdentifier` is `Identifiable`).
struct RecipeReference: Identifiable, Hashable {
    let persistentIdentifier: PersistentIdentifier
    var id: PersistentIdentifier.ID { persistentIdentifier.id }
}

@Suite("PersistentIdentifier.id, as SwiftData declares it")
struct PersistentIdentifierIDTests {
    @Test("the same model has one id in every context; two models have two")
    func identity() throws {
        let container = try ModelContainer(
            for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let soup = Recipe(title: "Soup", minutes: 30)
        let bread = Recipe(title: "Bread", minutes: 90)
        context.insert(soup)
        context.insert(bread)
        try context.save()

        let other = ModelContext(container)
        let fetched = try other.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.title == "Soup" }))
        let reference = RecipeReference(persistentIdentifier: soup.persistentModelID)
        #expect(reference.id == RecipeReference(persistentIdentifier: try #require(fetched.first).persistentModelID).id)
        #expect(reference.id != RecipeReference(persistentIdentifier: bread.persistentModelID).id)
        let byID = Dictionary(uniqueKeysWithValues: [soup, bread].map { ($0.persistentModelID.id, $0.title) })
        #expect(byID[try #require(fetched.first).persistentModelID.id] == "Soup")
    }

    @Test("an id survives encoding and decoding")
    func codable() throws {
        let container = try ModelContainer(
            for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let soup = Recipe(title: "Soup", minutes: 30)
        context.insert(soup)
        try context.save()
        let id = soup.persistentModelID.id
        let decoded = try JSONDecoder().decode(PersistentIdentifier.ID.self, from: JSONEncoder().encode(id))
        #expect(decoded == id)
    }
}
