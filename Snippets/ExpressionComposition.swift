// snippet.hide
import SwiftData

@Model
final class Item {
    var price: Double
    var weight: Double

    init(price: Double, weight: Double) {
        self.price = price
        self.weight = weight
    }
}

// snippet.show
let pricePerKilo = #Expression<Item, Double> { $0.price / $0.weight }
let doubled = #Expression<Item, Double> { pricePerKilo.evaluate($0) * 2 }
// snippet.hide
let container = try ModelContainer(for: Item.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
let context = ModelContext(container)
context.insert(Item(price: 3, weight: 0.5))
print(try context.fetchCount(FetchDescriptor(predicate: #Predicate<Item> { doubled.evaluate($0) > 10 })))
