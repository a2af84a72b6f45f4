import Foundation
import SwiftData
import Testing

@Suite("processPendingChanges(), as SwiftData apps call it")
struct PendingChangesTests {
    @Test("inverses are in step before and after it, and every change stays pending until save()")
    func processPendingChanges() throws {
        let container = try ModelContainer(
            for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let soup = Recipe(title: "Soup", minutes: 30)
        context.insert(soup)
        let leek = Ingredient(name: "leek")
        soup.ingredients.append(leek)
        #expect(leek.recipe === soup)

        context.processPendingChanges()

        #expect(leek.recipe === soup)
        #expect(context.hasChanges)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Recipe>()) == 0)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Ingredient>()).map { $0.recipe?.title } == ["Soup"])
    }
}
