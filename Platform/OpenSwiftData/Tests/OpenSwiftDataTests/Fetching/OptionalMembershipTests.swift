import Foundation
import Testing

@testable import OpenSwiftData

@Model
final class TheatreSeat {
    var label: String
    var row: Int?

    init(label: String, row: Int?) {
        self.label = label
        self.row = row
    }
}

/// `collection.contains($0.optional)` in SQL gives Swift's answer for the rows that hold
/// nil: in the collection exactly when it holds nil, negated or not.
@Suite("Membership of an optional attribute in SQL")
struct OptionalMembershipTests {
    private func check(_ predicate: Predicate<TheatreSeat>, in context: ModelContext) throws -> [String] {
        let descriptor = FetchDescriptor<TheatreSeat>(predicate: predicate)
        let plan = try context.core.fetchPlan(for: descriptor, includingPending: false)
        #expect(plan.isAnsweredBySQL && plan.condition?.isExact == true, "translated to SQL in full")
        let fetched = try context.fetch(descriptor).map(\.label).sorted()
        let expected = try context.fetch(FetchDescriptor<TheatreSeat>()).filter { try predicate.evaluate($0) }
            .map(\.label).sorted()
        #expect(fetched == expected)
        return fetched
    }

    @Test("rows holding nil are kept by a negated membership, and found when the collection holds nil")
    func nilRows() throws {
        let context = ModelContext(try makeInMemoryContainer([TheatreSeat.self]))
        for (label, row) in [("stalls", Int?.none), ("A1", 1), ("B2", 2)] {
            context.insert(TheatreSeat(label: label, row: row))
        }
        try context.save()
        let rows: [Int?] = [1]
        #expect(try check(#Predicate { rows.contains($0.row) }, in: context) == ["A1"])
        #expect(try check(#Predicate { !rows.contains($0.row) }, in: context) == ["B2", "stalls"])
        let rowsOrNil: [Int?] = [1, nil]
        #expect(try check(#Predicate { rowsOrNil.contains($0.row) }, in: context) == ["A1", "stalls"])
        #expect(try check(#Predicate { !rowsOrNil.contains($0.row) }, in: context) == ["B2"])
        let onlyNil: [Int?] = [nil]
        #expect(try check(#Predicate { onlyNil.contains($0.row) }, in: context) == ["stalls"])
        #expect(try check(#Predicate { !onlyNil.contains($0.row) }, in: context) == ["A1", "B2"])
    }
}
