import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class FlowAsset {
    @Attribute(.unique) var symbol: String

    init(symbol: String) {
        self.symbol = symbol
    }
}

/// A daily flow of an asset, unique by asset and day: `#Unique` over a to-one relationship
/// and an attribute, as a portfolio app declares it.
@Model
final class DailyFlow {
    #Unique<DailyFlow>([\.asset, \.day])

    var asset: FlowAsset?
    var day: Date
    var amount: Double

    init(asset: FlowAsset, day: Date, amount: Double) {
        self.asset = asset
        self.day = day
        self.amount = amount
    }
}

/// `#Unique` over a to-one relationship upserts as over attributes: SwiftData's rule for
/// unique constraints ("What's new in SwiftData", WWDC24: an insert that collides with an
/// existing model's unique values updates that model).
@Suite("#Unique over a to-one relationship")
struct UniqueToOneTests {
    @Test("a second flow of the same asset and day updates the first; a flow of another day is a row of its own")
    func upserts() throws {
        let folder = TemporaryFolder()
        let url = folder.file("flows.store")
        let container = try ModelContainer(
            for: DailyFlow.self, FlowAsset.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let day = Date(timeIntervalSince1970: 86_400 * 20_000)
        let asset = FlowAsset(symbol: "ACME")
        context.insert(asset)
        context.insert(DailyFlow(asset: asset, day: day, amount: 1))
        try context.save()
        context.insert(DailyFlow(asset: asset, day: day, amount: 2))
        try context.save()
        context.insert(DailyFlow(asset: asset, day: day.addingTimeInterval(86_400), amount: 5))
        try context.save()
        let rows = try readStoreFile(url) { db in
            try Double.fetchAll(db, sql: "SELECT amount FROM DailyFlow ORDER BY day")
        }
        #expect(rows == [2, 5])
        let flows = try ModelContext(container).fetch(FetchDescriptor<DailyFlow>(sortBy: [SortDescriptor(\.day)]))
        #expect(flows.map(\.amount) == [2, 5])
        #expect(flows.allSatisfy { $0.asset?.symbol == "ACME" })
    }
}
