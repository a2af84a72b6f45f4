import Foundation
import Testing

@testable import OpenSwiftData

@Model
final class Brand {
    var name: String
    @Relationship(deleteRule: .nullify, inverse: \BrandedItem.brand) var items: [BrandedItem] = []

    init(name: String) { self.name = name }
}

@Model
final class BrandedItem {
    var name: String
    var brand: Brand

    init(name: String, brand: Brand) {
        self.name = name
        self.brand = brand
    }
}

/// A save refused because a deletion's `.nullify` left a non-optional relationship empty
/// leaves no trap behind: the app may read the model before it sets the relationship or
/// rolls back, as it would after any failed save. (SwiftData's rule: `.nullify` sets the
/// inverse to nil, and a save with a required relationship empty fails validation.)
struct RefusedSaveTests {
    @Test(
        "after the refusal the emptied relationship reads the model it held, loaded or not", arguments: [false, true])
    func emptiedRequiredRelationship(readBefore: Bool) throws {
        let container = try makeInMemoryContainer([Brand.self, BrandedItem.self])
        let setUp = ModelContext(container)
        let brand = Brand(name: "Acme")
        setUp.insert(brand)
        setUp.insert(BrandedItem(name: "anvil", brand: brand))
        try setUp.save()

        let context = ModelContext(container)
        let item = try #require(try context.fetch(FetchDescriptor<BrandedItem>()).first)
        if readBefore { #expect(item.brand.name == "Acme") }
        let held = try #require(try context.fetch(FetchDescriptor<Brand>()).first)
        context.delete(held)
        expectCause(.requiredRelationshipMissing(entity: "BrandedItem", relationship: "brand", target: "Brand")) {
            try context.save()
        }
        #expect(item.brand === held)
        context.rollback()
        #expect(item.brand.name == "Acme")
        #expect(!held.isDeleted)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<BrandedItem>()) == 1)
    }
}
