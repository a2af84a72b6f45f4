import SwiftData

// snippet.hide
@Model
final class Pantry {
    var name: String

    init(name: String) { self.name = name }
}

@Model
final class Item {
    var name: String
    var stock: Int
    var price: Double
    var weight: Double
    var pantry: Pantry?

    init(name: String, stock: Int, price: Double, weight: Double) {
        self.name = name
        self.stock = stock
        self.price = price
        self.weight = weight
    }
}

let name = "flour"
// snippet.show
let inStock = #Predicate<Item> { $0.stock > 0 }
let named = #Predicate<Item> { inStock.evaluate($0) && $0.name == name }
let pricePerKilo = #Expression<Item, Double> { $0.price / $0.weight }
let dear = #Predicate<Item> { pricePerKilo.evaluate($0) > 10 }
let inCellar = #Predicate<Pantry> { $0.name == "cellar" }
let cellarItems = #Predicate<Item> { $0.pantry.flatMap { inCellar.evaluate($0) } ?? false }
// snippet.hide
let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
let context = ModelContext(container)
for predicate in [named, dear, cellarItems] {
    print(try context.fetchCount(FetchDescriptor(predicate: predicate)))
}
