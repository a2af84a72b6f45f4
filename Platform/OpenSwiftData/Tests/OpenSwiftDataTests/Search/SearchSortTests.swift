import Foundation
import Testing

@testable import OpenSwiftData

/// Sorts by key paths through to-one relationships and into `Codable` attributes, and by
/// `.localizedStandard` and `.localized`: in SQL, paged there, in Swift's order.
@Suite("Search sorts answered in SQL")
struct SearchSortTests {
    /// Fetches with `descriptor`, checks SQL orders and pages it, and that the order is
    /// `expected`'s, with the descriptor's limit.
    private func check(
        _ descriptor: FetchDescriptor<SearchFilm>, in fixture: SearchFixture, expected: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let plan = try fixture.context.core.fetchPlan(for: descriptor, includingPending: false)
        #expect(plan.isAnsweredBySQL, "sorted in memory", sourceLocation: sourceLocation)
        #expect(plan.sql.text.contains("LIMIT"), sourceLocation: sourceLocation)
        let fetched = try fixture.context.fetch(descriptor).map(\.title)
        #expect(
            fetched == Array(expected.prefix(descriptor.fetchLimit ?? expected.count)), sourceLocation: sourceLocation)
    }

    /// The films sorted in Swift by `areInIncreasingOrder`, stably (ties in insertion
    /// order, as SQL breaks them by primary key).
    private func sortedInSwift(_ fixture: SearchFixture, by areInIncreasingOrder: (SearchFilm, SearchFilm) -> Bool)
        throws -> [String]
    {
        let all = try fixture.context.fetch(FetchDescriptor<SearchFilm>())
        return all.sorted(by: areInIncreasingOrder).map(\.title)
    }

    /// Apple's order of optional strings: nil first, then `localizedStandardCompare`.
    private func ascending(_ lhs: String?, _ rhs: String?) -> ComparisonResult {
        switch (lhs, rhs) {
        case (nil, nil): .orderedSame
        case (nil, _): .orderedAscending
        case (_, nil): .orderedDescending
        case (let lhs?, let rhs?): lhs.localizedStandardCompare(rhs)
        }
    }

    @Test("by a to-one relationship's attribute, both orders, with fetchLimit in SQL")
    func byToOneKeyPath() throws {
        let fixture = try SearchFixture()
        var descriptor = FetchDescriptor<SearchFilm>(sortBy: [SortDescriptor(\SearchFilm.director?.name)])
        descriptor.fetchLimit = 4
        let expected = try sortedInSwift(fixture) {
            ascending($0.director?.name, $1.director?.name) == .orderedAscending
        }
        try check(descriptor, in: fixture, expected: expected)
        #expect(try fixture.context.fetch(descriptor).first?.director == nil)
        descriptor.sortBy = [SortDescriptor(\SearchFilm.director?.name, order: .reverse), SortDescriptor(\.year)]
        let reversed = try sortedInSwift(fixture) {
            let names = ascending($1.director?.name, $0.director?.name)
            return names == .orderedSame ? $0.year < $1.year : names == .orderedAscending
        }
        try check(descriptor, in: fixture, expected: reversed)
    }

    @Test("by fields of a Codable struct attribute")
    func byStructField() throws {
        let fixture = try SearchFixture()
        var descriptor = FetchDescriptor<SearchFilm>(
            sortBy: [SortDescriptor(\SearchFilm.release.country), SortDescriptor(\.release.year, order: .reverse)])
        descriptor.fetchLimit = 5
        let expected = try sortedInSwift(fixture) {
            let countries = ascending($0.release.country, $1.release.country)
            return countries == .orderedSame ? $0.release.year > $1.release.year : countries == .orderedAscending
        }
        try check(descriptor, in: fixture, expected: expected)
        #expect(
            try fixture.context.core.fetchPlan(for: descriptor, includingPending: false).sql.text.contains(
                "json_extract"))
    }

    @Test(
        "by .localizedStandard and .localized, in SQL and in memory alike: digits, case and accents",
        arguments: [true, false])
    func byComparator(localizedStandard: Bool) throws {
        let container = try makeInMemoryContainer(searchSchemaTypes)
        let context = ModelContext(container)
        let names = [
            "file10", "File2", "file2", "file1", "éclair", "Eclair", "e\u{301}clair 2", "zeta", "Zeta", "Ångström",
            "apple", "Apple", "ähnlich", "b",
        ]
        for name in names { context.insert(SearchDirector(name: name)) }
        try context.save()
        let comparator: String.StandardComparator = localizedStandard ? .localizedStandard : .localized
        let compare: (String, String) -> ComparisonResult = {
            localizedStandard ? $0.localizedStandardCompare($1) : $0.localizedCompare($1)
        }
        for order in [SortOrder.forward, .reverse] {
            var descriptor = FetchDescriptor<SearchDirector>(
                sortBy: [SortDescriptor(\.name, comparator: comparator, order: order)])
            let plan = try context.core.fetchPlan(for: descriptor, includingPending: false)
            #expect(plan.isAnsweredBySQL)
            let collation =
                localizedStandard
                ? StoreFunctions.localizedStandardCollationName : StoreFunctions.localizedCollationName
            #expect(plan.orderBy?.contains("COLLATE \(collation)") == true)
            let expected = names.sorted {
                order == .forward ? compare($0, $1) == .orderedAscending : compare($1, $0) == .orderedAscending
            }
            let fromSQL = try ModelContext(container).fetch(descriptor).map(\.name)
            #expect(fromSQL == expected)
            descriptor.fetchLimit = 3
            #expect(try ModelContext(container).fetch(descriptor).map(\.name) == Array(expected.prefix(3)))
            // An unsaved model makes the fetch sort in memory: the same order.
            let pending = ModelContext(container)
            pending.insert(SearchDirector(name: "file3"))
            descriptor.fetchLimit = nil
            let inMemory = try pending.fetch(descriptor).map(\.name).filter { $0 != "file3" }
            #expect(inMemory == expected)
        }
    }

    @Test("Linux's String.StandardComparator has Apple's localizedStandard and localized, distinct from lexical")
    func comparatorValues() throws {
        #expect(String.StandardComparator.localizedStandard != .lexical)
        #expect(String.StandardComparator.localized != .lexical)
        #expect(String.StandardComparator.localizedStandard != .localized)
        let descriptor = SortDescriptor(\SearchDirector.name, comparator: .localizedStandard, order: .reverse)
        #expect(
            descriptor.stringComparator.map { String.StandardComparator($0, order: .forward) } == .localizedStandard)
        // The stored fields are Apple's, as its `Codable` form shows.
        let fields = try StandardComparatorFields(of: .localizedStandard)
        #expect(fields == StandardComparatorFields(options: 64 | 1 | 256 | 512, isLocalized: true))
        #expect(try StandardComparatorFields(of: .localized) == StandardComparatorFields(options: 0, isLocalized: true))
        // Foundation's own comparison with it orders numbers by value.
        #expect(String.StandardComparator.localizedStandard.compare("file2", "file10") == .orderedAscending)
        #expect(String.StandardComparator.lexical.compare("file2", "file10") == .orderedDescending)
    }
}
