import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Suite("Predicates and sorting")
struct PredicateTests {
    /// A store of trips with varied values, and the same trips in memory.
    struct Fixture {
        let container: ModelContainer
        let context: ModelContext

        init() throws {
            container = try makeInMemoryContainer(tripSchemaTypes)
            let writer = ModelContext(container)
            let guideA = Guide(name: "Ana")
            let guideB = Guide(name: "Bo")
            let rows: [(String, Date?, Double, Trip.Kind?, Guide?)] = [
                ("Alpha", Date(timeIntervalSinceReferenceDate: 100), 10, .business, guideA),
                ("beta", nil, 20, .leisure, guideB),
                ("Gamma ray", Date(timeIntervalSinceReferenceDate: 300), 30, nil, nil),
                ("delta", Date(timeIntervalSinceReferenceDate: 50), 20, .leisure, guideA),
                ("Épsilon", Date(timeIntervalSinceReferenceDate: 500), 5, .business, nil),
            ]
            for (name, date, budget, kind, guide) in rows {
                let trip = Trip(name: name, startDate: date, budget: budget, kind: kind)
                writer.insert(trip)
                trip.guide = guide
                trip.stops = [Stop(title: "\(name) stop", order: Int(budget))]
            }
            try writer.save()
            context = ModelContext(container)
        }

        /// Fetches with the predicate and checks the answer against evaluating the
        /// predicate in memory on every trip.
        func check(_ predicate: Predicate<Trip>, exact: Bool = true, sourceLocation: SourceLocation = #_sourceLocation)
            throws -> [String]
        {
            let entity = try #require(container.schema.descriptor(for: Trip.self))
            let condition = PredicateTranslator.condition(for: predicate, entity: entity)
            #expect((condition?.isExact ?? false) == exact, "translated exactly", sourceLocation: sourceLocation)
            let fetched = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.name).sorted()
            let all = try context.fetch(FetchDescriptor<Trip>())
            let expected = try all.filter { try predicate.evaluate($0) }.map(\.name).sorted()
            #expect(fetched == expected, sourceLocation: sourceLocation)
            return fetched
        }
    }

    @Test("equality, comparisons and boolean operators become SQL")
    func basicOperators() throws {
        let fixture = try Fixture()
        #expect(try fixture.check(#Predicate { $0.name == "beta" }) == ["beta"])
        #expect(try fixture.check(#Predicate { $0.name != "beta" }).count == 4)
        #expect(try fixture.check(#Predicate { $0.budget > 10 && $0.budget <= 20 }) == ["beta", "delta"])
        #expect(try fixture.check(#Predicate { $0.budget < 10 || $0.name == "Alpha" }) == ["Alpha", "Épsilon"])
        #expect(try fixture.check(#Predicate { !($0.budget >= 20) }) == ["Alpha", "Épsilon"])
        let limit = 25.0
        #expect(try fixture.check(#Predicate { $0.budget >= limit }) == ["Gamma ray"])
    }

    @Test("optionals compare with nil as Swift does")
    func optionals() throws {
        let fixture = try Fixture()
        #expect(try fixture.check(#Predicate { $0.startDate == nil }) == ["beta"])
        #expect(try fixture.check(#Predicate { $0.startDate != nil }).count == 4)
        let date = Date(timeIntervalSinceReferenceDate: 100)
        #expect(try fixture.check(#Predicate { $0.startDate == date }) == ["Alpha"])
        #expect(try fixture.check(#Predicate { $0.startDate != date }).count == 4)
        #expect(try fixture.check(#Predicate { $0.kind == nil }) == ["Gamma ray"])
        let leisure = Trip.Kind.leisure
        #expect(try fixture.check(#Predicate { $0.kind == leisure }) == ["beta", "delta"])
        #expect(try fixture.check(#Predicate { $0.kind != leisure }).count == 3)
    }

    @Test("stored enums compare through rawValue")
    func rawValues() throws {
        let fixture = try Fixture()
        let raw = Trip.Kind.business.rawValue
        #expect(try fixture.check(#Predicate { $0.kind?.rawValue == raw }) == ["Alpha", "Épsilon"])
    }

    @Test("string contains and starts(with:) are case-sensitive, as in Swift")
    func strings() throws {
        let fixture = try Fixture()
        #expect(try fixture.check(#Predicate { $0.name.contains("a r") }) == ["Gamma ray"])
        #expect(try fixture.check(#Predicate { $0.name.contains("A") }) == ["Alpha"])
        #expect(try fixture.check(#Predicate { $0.name.starts(with: "de") }) == ["delta"])
        #expect(try fixture.check(#Predicate { $0.name.starts(with: "D") }) == [])
    }

    @Test("collection.contains(value) becomes IN")
    func collectionContains() throws {
        let fixture = try Fixture()
        let names = ["beta", "delta", "nobody"]
        #expect(try fixture.check(#Predicate { names.contains($0.name) }) == ["beta", "delta"])
        let none: [String] = []
        #expect(try fixture.check(#Predicate { none.contains($0.name) }) == [])
    }

    @Test("key paths through to-one relationships become subqueries")
    func relationships() throws {
        let fixture = try Fixture()
        #expect(try fixture.check(#Predicate { $0.guide?.name == "Ana" }) == ["Alpha", "delta"])
        #expect(try fixture.check(#Predicate { $0.guide == nil }) == ["Gamma ray", "Épsilon"])
        let stops = try fixture.context.fetch(
            FetchDescriptor<Stop>(predicate: #Predicate { $0.trip?.name == "beta" }))
        #expect(stops.map(\.title) == ["beta stop"])
    }

    @Test("persistentModelID comparisons use the primary key")
    func identifiers() throws {
        let fixture = try Fixture()
        let alpha = try #require(try fixture.context.fetch(FetchDescriptor<Trip>()).first { $0.name == "Alpha" })
        let id = alpha.persistentModelID
        #expect(try fixture.check(#Predicate { $0.persistentModelID == id }) == ["Alpha"])
    }

    @Test("predicates SQL cannot express are answered in memory with the same result")
    func inMemoryFallback() throws {
        let fixture = try Fixture()
        #expect(
            try fixture.check(#Predicate { $0.budget > 15 && $0.name.utf8.count == 4 }, exact: false) == ["beta"])
        #expect(
            try fixture.check(#Predicate { $0.name.utf8.count > 5 || $0.budget == 5 }, exact: false) == [
                "Gamma ray", "Épsilon",
            ])
    }

    @Test("a relationship's emptiness compared with a Bool, and a string's count, are SQL")
    func booleanComparisonsAndStringCount() throws {
        let fixture = try Fixture()
        #expect(try fixture.check(#Predicate { $0.stops.isEmpty == false }).count == 5)
        #expect(try fixture.check(#Predicate { $0.budget > 15 && $0.name.count == 4 }) == ["beta"])
        #expect(try fixture.check(#Predicate { $0.name.count > 5 || $0.budget == 5 }) == ["Gamma ray", "Épsilon"])
    }

    @Test("an equality on an indexed attribute uses the index")
    func queryPlanUsesIndex() throws {
        let fixture = try Fixture()
        let plan = try fixture.context.core.fetchPlan(
            for: FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "beta" }), includingPending: false)
        #expect(plan.isAnsweredBySQL)
        let sql = plan.sql
        #expect(sql.text.contains("WHERE (\"Trip\".\"name\" = ?)"))
        let details = try readSQL(fixture.container) { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql.text, arguments: StatementArguments(sql.arguments))
                .map { $0["detail"] as String }
        }
        #expect(details.contains { $0.contains("USING INDEX Trip_name_unique") }, "\(details)")
    }

    @Test("sorting by several keys, both orders, optionals first")
    func sorting() throws {
        let fixture = try Fixture()
        let byBudgetThenName = try fixture.context.fetch(
            FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.budget, order: .reverse), SortDescriptor(\.name)]))
        #expect(byBudgetThenName.map(\.name) == ["Gamma ray", "beta", "delta", "Alpha", "Épsilon"])
        let byDate = try fixture.context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.startDate)]))
        #expect(byDate.map(\.name) == ["beta", "delta", "Alpha", "Gamma ray", "Épsilon"])
        let byDateReversed = try fixture.context.fetch(
            FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.startDate, order: .reverse)]))
        #expect(byDateReversed.map(\.name) == ["Épsilon", "Gamma ray", "Alpha", "delta", "beta"])
        let all = try fixture.context.fetch(FetchDescriptor<Trip>())
        #expect(all.sorted(using: SortDescriptor(\Trip.startDate)).map(\.name) == byDate.map(\.name))
    }

    @Test("fetchLimit and fetchOffset page through a sorted result; strings sort as on Apple platforms")
    func paging() throws {
        let fixture = try Fixture()
        var descriptor = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        // localizedStandardCompare: Alpha, beta, delta, Épsilon, Gamma ray.
        descriptor.fetchLimit = 2
        descriptor.fetchOffset = 1
        #expect(try fixture.context.fetch(descriptor).map(\.name) == ["beta", "delta"])
        descriptor.fetchOffset = 4
        #expect(try fixture.context.fetch(descriptor).map(\.name) == ["Gamma ray"])
        // Sorted in memory (an unsaved model takes part) in the same order.
        fixture.context.insert(Trip(name: "charlie"))
        let all = try fixture.context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name, order: .reverse)]))
        #expect(all.map(\.name) == ["Gamma ray", "Épsilon", "delta", "charlie", "beta", "Alpha"])
        fixture.context.rollback()
        var latest = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.startDate, order: .reverse)])
        latest.fetchLimit = 1
        #expect(try fixture.context.fetch(latest).map(\.name) == ["Épsilon"])
        #expect(try fixture.context.fetchCount(descriptor) == 1)
    }

    @Test("localizedStandardContains is translated to SQL over folded text, exactly")
    func localizedStandardContainsInSQL() throws {
        let query = "LISBOA"
        let predicate = #Predicate<Trip> { $0.name.localizedStandardContains(query) }
        let entity = try EntityDescriptor.of(Trip.self)
        let condition = try #require(PredicateTranslator.condition(for: predicate, entity: entity))
        #expect(condition.isExact)
        #expect(condition.fragment.sql.contains("osd_fold("))
    }

    @Test("caseInsensitiveCompare and localizedCompare are translated to SQL with the store's functions, exactly")
    func stringComparisonsInSQL() throws {
        let entity = try EntityDescriptor.of(Trip.self)
        let query = "lisboa"
        let same = ComparisonResult.orderedSame
        let ascending = ComparisonResult.orderedAscending
        let caseInsensitive = #Predicate<Trip> { $0.name.caseInsensitiveCompare(query) == same }
        let localized = #Predicate<Trip> { $0.name.localizedCompare(query) != ascending }
        for (predicate, function) in [
            (caseInsensitive, "osd_case_insensitive_compare("), (localized, "osd_localized_compare("),
        ] {
            let condition = try #require(PredicateTranslator.condition(for: predicate, entity: entity))
            #expect(condition.isExact)
            #expect(condition.fragment.sql.contains(function))
        }
    }
}
