import Foundation
import SwiftData
import Testing

/// A model actor written by hand, as apps did before `@ModelActor` or to customize it.
actor HandWrittenRecipeStore: ModelActor {
    nonisolated let modelContainer: ModelContainer
    nonisolated let modelExecutor: any ModelExecutor

    init(modelContainer: ModelContainer) {
        self.modelContainer = modelContainer
        let context = ModelContext(modelContainer)
        self.modelExecutor = DefaultSerialModelExecutor(modelContext: context)
    }

    func count() throws -> Int {
        try modelContext.fetchCount(FetchDescriptor<Recipe>())
    }
}

/// A `@ModelActor` whose methods take and return non-Sendable models as `sending` values.
@ModelActor
actor RecipeImporter {
    func insert(_ recipe: sending Recipe) throws {
        modelContext.insert(recipe)
        try modelContext.save()
    }

    func draft(titled title: String) -> sending Recipe {
        Recipe(title: title, minutes: 5)
    }
}

@Suite("Model actors written as SwiftData apps write them")
struct ModelActorTests {
    @Test("a hand-written ModelActor with DefaultSerialModelExecutor, and sending models in and out")
    func handWrittenAndSending() async throws {
        let container = try ModelContainer(
            for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let importer = RecipeImporter(modelContainer: container)
        let draft = await importer.draft(titled: "Salad")
        draft.minutes = 7
        try await importer.insert(draft)
        try await importer.insert(Recipe(title: "Soup", minutes: 30))

        let store = HandWrittenRecipeStore(modelContainer: container)
        #expect(try await store.count() == 2)
        let minutes = try ModelContext(container).fetch(
            FetchDescriptor<Recipe>(predicate: #Predicate { $0.title == "Salad" })
        ).map(\.minutes)
        #expect(minutes == [7])
    }
}
