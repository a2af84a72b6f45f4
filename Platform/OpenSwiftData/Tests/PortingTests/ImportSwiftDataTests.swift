import Foundation
import SwiftData
import Testing

// Written as a SwiftData app writes its persistence code; only the platform differs.

@Model
final class Recipe {
    @Attribute(.unique) var title: String
    var minutes: Int
    var addedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \Ingredient.recipe) var ingredients: [Ingredient] = []

    init(title: String, minutes: Int, addedAt: Date = .now) {
        self.title = title
        self.minutes = minutes
        self.addedAt = addedAt
    }
}

@Model
final class Ingredient {
    var name: String
    var recipe: Recipe?

    init(name: String) { self.name = name }
}

@ModelActor
actor RecipeBook {
    func add(_ title: String, minutes: Int, ingredients: [String]) throws {
        let recipe = Recipe(title: title, minutes: minutes)
        modelContext.insert(recipe)
        recipe.ingredients = ingredients.map(Ingredient.init(name:))
        try modelContext.save()
    }

    func quick(under minutes: Int) throws -> [String] {
        let descriptor = FetchDescriptor<Recipe>(
            predicate: #Predicate { $0.minutes < minutes }, sortBy: [SortDescriptor(\.title)])
        return try modelContext.fetch(descriptor).map(\.title)
    }
}

@Suite("import SwiftData")
struct ImportSwiftDataTests {
    @Test("models, a model actor and a container work through `import SwiftData`")
    func modelsThroughSwiftDataModule() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ModelConfiguration(url: folder.appending(path: "recipes.store"))
        let container = try ModelContainer(for: Recipe.self, Ingredient.self, configurations: configuration)
        let book = RecipeBook(modelContainer: container)
        try await book.add("Omelette", minutes: 10, ingredients: ["eggs", "butter"])
        try await book.add("Stew", minutes: 120, ingredients: ["beef"])
        #expect(try await book.quick(under: 30) == ["Omelette"])

        let context = ModelContext(container)
        let omelette = try #require(
            try context.fetch(FetchDescriptor<Recipe>(predicate: #Predicate { $0.minutes == 10 })).first)
        #expect(Set(omelette.ingredients.map(\.name)) == ["eggs", "butter"])
    }

    @Test("module-qualified names resolve through the SwiftData module")
    func moduleQualifiedNames() throws {
        let schema = SwiftData.Schema([Recipe.self, Ingredient.self])
        let container = try SwiftData.ModelContainer(
            for: schema, configurations: [SwiftData.ModelConfiguration(isStoredInMemoryOnly: true)])
        let context: SwiftData.ModelContext = SwiftData.ModelContext(container)
        let model: any SwiftData.PersistentModel = Recipe(title: "Toast", minutes: 3)
        context.insert(model as! Recipe)
        try context.save()
        #expect(try context.fetchCount(SwiftData.FetchDescriptor<Recipe>()) == 1)
        #expect(schema.entities.map(\.name).sorted() == ["Ingredient", "Recipe"])
    }
}
