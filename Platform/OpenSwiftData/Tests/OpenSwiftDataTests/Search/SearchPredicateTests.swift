import Foundation
import Testing

@testable import OpenSwiftData

/// The predicates of search screens, answered by SQL with Swift's results.
@Suite("Search predicates answered in SQL")
struct SearchPredicateTests {
    @Test("optional chaining through a to-one relationship, with ?? and localizedStandardContains")
    func optionalChaining() throws {
        let fixture = try SearchFixture()
        for query in ["agnes", "OZU", "x", ""] {
            try fixture.check(#Predicate { $0.director?.name.localizedStandardContains(query) ?? false })
            try fixture.check(#Predicate { !($0.director?.name.localizedStandardContains(query) ?? false) })
            try fixture.check(#Predicate { $0.director?.name.localizedStandardContains(query) ?? true })
            try fixture.check(
                #Predicate {
                    $0.title.localizedStandardContains(query)
                        || ($0.director?.name.localizedStandardContains(query) ?? false)
                })
        }
        let agnes = "AGNES"
        #expect(
            try fixture.check(#Predicate { $0.director?.name.localizedStandardContains(agnes) ?? false })
                == ["Cléo de 5 à 7", "Le Bonheur"])
        try fixture.check(#Predicate { $0.director?.name.isEmpty == true })
        try fixture.check(#Predicate { $0.director?.name.isEmpty == false })
        try fixture.check(#Predicate { $0.director?.name.isEmpty == nil })
    }

    @Test("flatMap and if let over optional attributes and relationships")
    func flatMapAndIfLet() throws {
        let fixture = try SearchFixture()
        try fixture.check(#Predicate { $0.note.flatMap { $0.count > 4 } ?? false })
        try fixture.check(#Predicate { $0.note.flatMap { $0.isEmpty } ?? true })
        try fixture.check(#Predicate { film in if let note = film.note { note.count == 2 } else { false } })
        try fixture.check(
            #Predicate { film in
                if let director = film.director { director.name.starts(with: "Y") } else { film.year > 2000 }
            })
        try fixture.check(#Predicate { ($0.director.flatMap { $0.name } ?? "none") == "none" })
        try fixture.check(#Predicate { ($0.release.rating ?? 0) > 3 })
    }

    @Test("captured constants are folded before the translation: a constant branch is decided up front")
    func constantFolding() throws {
        let fixture = try SearchFixture()
        for query in ["", "spring"] {
            let fetched = try fixture.check(#Predicate { query.isEmpty || $0.title.localizedStandardContains(query) })
            #expect(fetched.count == (query.isEmpty ? 7 : 1))
            try fixture.check(#Predicate { !query.isEmpty && $0.title.localizedStandardContains(query) })
            try fixture.check(#Predicate { query.isEmpty ? $0.year > 1960 : $0.title.localizedStandardContains(query) })
        }
        let optionalQuery: String? = "story"
        try fixture.check(
            #Predicate { film in
                (optionalQuery.flatMap { $0.isEmpty } ?? true)
                    || film.title.localizedStandardContains(optionalQuery ?? "")
            })
        let limits = [1950, 1999, 1962]
        try fixture.check(#Predicate { $0.year >= (limits.max() ?? 0) })
        // A branch that is decided needs no translation of its own: `utf8` has none.
        let filterOn = false
        try fixture.check(#Predicate { filterOn == false || $0.title.utf8.count == 11 })
        try fixture.check(#Predicate { (filterOn && $0.title.utf8.count == 11) || $0.year < 1960 })
    }

    @Test("isEmpty and count of strings and relationships, compared with booleans")
    func emptinessAndCount() throws {
        let fixture = try SearchFixture()
        try fixture.check(#Predicate { $0.reviews.isEmpty == false })
        try fixture.check(#Predicate { $0.genres.isEmpty == true })
        try fixture.check(#Predicate { $0.genres.isEmpty != false })
        #expect(try fixture.check(#Predicate { $0.title.count == 10 }) == ["Le Bonheur"])
        // Characters, as Swift counts them: "e\u{301}te\u{301}" is 3 of them, 5 code points.
        #expect(try fixture.check(#Predicate { $0.note.flatMap { $0.count == 3 } ?? false }) == ["File2", "film10"])
        try fixture.check(#Predicate { $0.title.isEmpty || $0.note?.isEmpty == true })
        try fixture.check(#Predicate { !$0.title.isEmpty && $0.title.count < 9 })
    }

    @Test("a to-many relationship contains a model (of the predicate, or by identifier); filter { … }.count")
    func toManyContainsAndFilter() throws {
        let fixture = try SearchFixture()
        let drama = fixture.drama.persistentModelID
        let comedy = fixture.comedy.persistentModelID
        #expect(
            try fixture.check(#Predicate { $0.genres.contains { $0.persistentModelID == drama } })
                == ["Cléo de 5 à 7", "Late Spring", "Tokyo Story"])
        try fixture.check(
            #Predicate { film in
                film.genres.contains { $0.persistentModelID == drama }
                    && !film.genres.contains { $0.persistentModelID == comedy }
            })
        // A model of the predicate among a relationship's (a `Value` of a model is not a
        // standard predicate expression: `#Predicate` takes a model's identifier instead).
        let reviews = #Predicate<SearchReview> { review in
            review.film?.reviews.contains(review) ?? false
        }
        let plan = try fixture.context.core.fetchPlan(
            for: FetchDescriptor<SearchReview>(predicate: reviews), includingPending: false)
        #expect(plan.isAnsweredBySQL)
        #expect(try fixture.context.fetchCount(FetchDescriptor<SearchReview>(predicate: reviews)) == 7)
        try fixture.check(#Predicate { film in film.director?.films.contains(film) ?? false })
        try fixture.check(#Predicate { $0.reviews.filter { $0.stars >= 4 }.count >= 2 })
        try fixture.check(#Predicate { $0.reviews.filter { $0.text.localizedStandardContains("o") }.isEmpty })
        try fixture.check(#Predicate { film in film.genres.filter { $0.label.count > 4 }.count == 1 })
    }

    @Test("count, isEmpty, min() and max() of stored arrays, and of constant arrays")
    func minimumAndMaximum() throws {
        let fixture = try SearchFixture()
        try fixture.check(#Predicate { ($0.scores.max() ?? 0) >= 5 })
        try fixture.check(#Predicate { ($0.scores.min() ?? 10) <= 2 })
        try fixture.check(#Predicate { $0.scores.max() == nil })
        try fixture.check(#Predicate { $0.scores.isEmpty })
        try fixture.check(#Predicate { $0.scores.count >= 2 && !$0.scores.isEmpty })
        let years = [1953, 1962]
        try fixture.check(#Predicate { $0.year == (years.min() ?? 0) || $0.year == (years.max() ?? 0) })
    }

    @Test("fields of a Codable struct attribute, with json_extract")
    func codableFields() throws {
        let fixture = try SearchFixture()
        #expect(try fixture.check(#Predicate { $0.release.country == "JP" }) == ["Late Spring", "Tokyo Story"])
        try fixture.check(#Predicate { $0.release.year > $0.year })
        try fixture.check(#Predicate { $0.release.year >= 1962 && $0.release.isRestored })
        try fixture.check(#Predicate { !$0.release.isRestored })
        try fixture.check(#Predicate { $0.release.rating == nil })
        try fixture.check(#Predicate { ($0.release.rating ?? 0) >= 3.5 })
        try fixture.check(#Predicate { $0.release.country.localizedStandardContains("is") })
        let plan = try fixture.context.core.fetchPlan(
            for: FetchDescriptor<SearchFilm>(predicate: #Predicate { $0.release.country == "JP" }),
            includingPending: false)
        #expect(plan.sql.text.contains("json_extract("))
        // A field the JSON names otherwise (`CodingKeys`) is filtered in memory, rightly.
        try fixture.check(#Predicate { $0.credits.runtime > 90 })
        let renamed = #Predicate<SearchFilm> { $0.credits.lead == "Toky" }
        let renamedPlan = try fixture.context.core.fetchPlan(
            for: FetchDescriptor<SearchFilm>(predicate: renamed), includingPending: false)
        #expect(!renamedPlan.isAnsweredBySQL)
        #expect(try fixture.context.fetch(FetchDescriptor(predicate: renamed)).map(\.title) == ["Tokyo Story"])
    }
}
