import Foundation
import SwiftData
import Testing

/// The search a SwiftData app writes, `localizedStandardContains` in a `#Predicate`.
@Suite("String comparisons in #Predicate, as Apple's Foundation has them")
struct StringPredicateTests {
    private func cookbook() throws -> ModelContext {
        let container = try ModelContainer(
            for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        for title in ["Crème brûlée", "CREPES", "Tarte Tatin", "Pâté en croûte", "Soup"] {
            context.insert(Recipe(title: title, minutes: 10))
        }
        try context.save()
        return context
    }

    @Test(
        "localizedStandardContains ignores case and diacritics, in SQL and in memory alike",
        arguments: [
            ("cre", ["Crème brûlée", "CREPES"]),
            ("CROUTE", ["Pâté en croûte"]),
            ("tat", ["Tarte Tatin"]),
            ("", [String]()),
            ("zzz", [String]()),
        ])
    func localizedStandardContains(query: String, expected: [String]) throws {
        let context = try cookbook()
        let descriptor = FetchDescriptor<Recipe>(
            predicate: #Predicate { $0.title.localizedStandardContains(query) },
            sortBy: [SortDescriptor(\.title)])
        #expect(try context.fetch(descriptor).map(\.title) == expected)
        #expect(try context.fetchCount(descriptor) == expected.count)
        // The same predicate evaluated in memory (as for unsaved models) agrees.
        let all = try context.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.title)]))
        let predicate = try #require(descriptor.predicate)
        #expect(try all.filter { try predicate.evaluate($0) }.map(\.title) == expected)
    }

    @Test("localizedStandardContains matches unsaved models too")
    func unsavedModels() throws {
        let context = try cookbook()
        context.insert(Recipe(title: "Crêpes Suzette", minutes: 20))
        let query = "crepes"
        let found = try context.fetch(
            FetchDescriptor<Recipe>(predicate: #Predicate { $0.title.localizedStandardContains(query) }))
        #expect(Set(found.map(\.title)) == ["CREPES", "Crêpes Suzette"])
    }

    @Test(
        "caseInsensitiveCompare and localizedCompare answer as Foundation, in SQL and in memory alike",
        arguments: ["soup", "SOUP", "M", "crepes", "tarte tatin"])
    func comparisons(query: String) throws {
        let context = try cookbook()
        let all = try context.fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.title)]))
        for result in [ComparisonResult.orderedAscending, .orderedSame, .orderedDescending] {
            let predicates = [
                #Predicate<Recipe> { $0.title.caseInsensitiveCompare(query) == result },
                #Predicate<Recipe> { $0.title.localizedCompare(query) == result },
                #Predicate<Recipe> { $0.title.localizedCompare(query) != result },
            ]
            for predicate in predicates {
                let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.title)])
                let inMemory = try all.filter { try predicate.evaluate($0) }.map(\.title)
                #expect(try context.fetch(descriptor).map(\.title) == inMemory)
                #expect(try context.fetchCount(descriptor) == inMemory.count)
            }
        }
        // What Foundation answers, for the two queries whose answer is plain.
        let soup = "soup"
        let same = ComparisonResult.orderedSame
        let exact = try context.fetch(
            FetchDescriptor<Recipe>(predicate: #Predicate { $0.title.caseInsensitiveCompare(soup) == same }))
        #expect(exact.map(\.title) == ["Soup"])
        let bound = "M"
        let ascending = ComparisonResult.orderedAscending
        let before = try context.fetch(
            FetchDescriptor<Recipe>(
                predicate: #Predicate { $0.title.localizedCompare(bound) == ascending },
                sortBy: [SortDescriptor(\.title)]))
        #expect(before.map(\.title) == ["Crème brûlée", "CREPES"])
    }
}

@Suite("SortDescriptor on strings")
struct StringSortTests {
    @Test("orders as on Apple platforms (localizedStandard): numbers by value, case and accents aside")
    func localizedStandardOrder() throws {
        let container = try ModelContainer(
            for: Recipe.self, Ingredient.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        for title in ["step 10", "Step 9", "éclair", "Zest", "apple"] {
            context.insert(Recipe(title: title, minutes: 1))
        }
        try context.save()
        let expected = ["apple", "éclair", "Step 9", "step 10", "Zest"]
        let sorted = try ModelContext(container).fetch(FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.title)]))
        #expect(sorted.map(\.title) == expected)
        var page = FetchDescriptor<Recipe>(sortBy: [SortDescriptor(\.title, order: .reverse)])
        page.fetchLimit = 2
        #expect(try ModelContext(container).fetch(page).map(\.title) == ["Zest", "step 10"])
        #expect(expected.sorted { $0.localizedStandardCompare($1) == .orderedAscending } == expected)
    }
}
