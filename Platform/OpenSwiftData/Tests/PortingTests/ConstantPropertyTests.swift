import Foundation
import SwiftData
import Testing

/// `let` properties: set by the initializer, persisted, and read back after a fetch.
@Model
final class Receipt {
    let id: UUID
    let total: Double
    let note: String?
    let currency = "EUR"
    var paid = false

    init(total: Double, note: String? = nil) {
        self.id = UUID()
        self.total = total
        self.note = note
    }
}

@Suite("let properties in a model")
struct ConstantPropertyTests {
    @Test("are persisted, read back after a fetch, and queried")
    func letProperties() throws {
        let container = try ModelContainer(
            for: Receipt.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let lunch = Receipt(total: 12.5, note: "lunch")
        context.insert(lunch)
        context.insert(Receipt(total: 80))
        try context.save()

        let fresh = ModelContext(container)
        let large = try fresh.fetch(FetchDescriptor<Receipt>(predicate: #Predicate { $0.total > 50 }))
        #expect(large.map(\.total) == [80])
        #expect(large.first?.note == nil)
        let found = try #require(
            try fresh.fetch(FetchDescriptor<Receipt>(predicate: #Predicate { $0.total < 50 })).first)
        #expect(found.id == lunch.id)
        #expect(found.note == "lunch")
        #expect(found.currency == "EUR")
        found.paid = true
        try fresh.save()
        #expect(
            try ModelContext(container).fetchCount(FetchDescriptor<Receipt>(predicate: #Predicate { $0.paid })) == 1)
    }
}
