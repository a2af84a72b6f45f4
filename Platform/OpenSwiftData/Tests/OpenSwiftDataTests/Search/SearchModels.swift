import Foundation
import Testing

@testable import OpenSwiftData

/// The models of a film search screen: a to-one director, many-to-many genres, to-many
/// reviews, an optional note, stored arrays and a `Codable` struct attribute.
@Model
final class SearchFilm {
    var title: String
    var year: Int
    var note: String?
    var scores: [Int] = []
    var release: SearchRelease
    var credits: SearchCredits
    @Relationship(inverse: \SearchDirector.films) var director: SearchDirector?
    var genres: [SearchGenre] = []
    @Relationship(deleteRule: .cascade, inverse: \SearchReview.film) var reviews: [SearchReview] = []

    init(title: String, year: Int, note: String? = nil, scores: [Int] = [], release: SearchRelease) {
        self.title = title
        self.year = year
        self.note = note
        self.scores = scores
        self.release = release
        self.credits = SearchCredits(lead: String(title.prefix(4)), runtime: 80 + title.count)
    }
}

struct SearchRelease: Codable {
    var year: Int
    var country: String
    var isRestored: Bool
    var rating: Double?
}

/// A `Codable` struct whose JSON names a field otherwise than the property.
struct SearchCredits: Codable {
    var lead: String
    var runtime: Int

    enum CodingKeys: String, CodingKey {
        case lead = "star"
        case runtime
    }
}

@Model
final class SearchDirector {
    var name: String
    var films: [SearchFilm] = []

    init(name: String) { self.name = name }
}

@Model
final class SearchGenre {
    var label: String
    var films: [SearchFilm] = []

    init(label: String) { self.label = label }
}

@Model
final class SearchReview {
    var stars: Int
    var text: String
    var film: SearchFilm?

    init(stars: Int, text: String) {
        self.stars = stars
        self.text = text
    }
}

let searchSchemaTypes: [any PersistentModel.Type] = [
    SearchFilm.self, SearchDirector.self, SearchGenre.self, SearchReview.self,
]

/// A store of films with varied values, and checks that a predicate is answered by SQL
/// alone with the models Swift's own evaluation selects.
struct SearchFixture {
    let container: ModelContainer
    let context: ModelContext
    let drama: SearchGenre
    let comedy: SearchGenre

    init() throws {
        container = try makeInMemoryContainer(searchSchemaTypes)
        let writer = ModelContext(container)
        let agnes = SearchDirector(name: "Agnès Varda")
        let ozu = SearchDirector(name: "Yasujirō Ozu")
        let nobody = SearchDirector(name: "")
        // Lowercase: after every capital by bytes, before "Yasujirō" in Apple's order.
        let tarr = SearchDirector(name: "béla Tarr")
        let drama = SearchGenre(label: "drama")
        let comedy = SearchGenre(label: "comedy")
        let noir = SearchGenre(label: "noir")
        typealias Row = (String, Int, String?, [Int], SearchRelease, SearchDirector?, [SearchGenre], [(Int, String)])
        let rows: [Row] = [
            (
                "Cléo de 5 à 7", 1962, "left bank", [4, 5],
                .init(year: 1962, country: "FR", isRestored: true, rating: 4.5),
                agnes, [drama], [(5, "superb"), (4, "long")]
            ),
            (
                "Tokyo Story", 1953, nil, [5, 5, 4], .init(year: 1953, country: "JP", isRestored: true, rating: nil),
                ozu, [drama], [(5, "quiet"), (5, "moving"), (2, "slow")]
            ),
            (
                "Late Spring", 1949, "", [3], .init(year: 1949, country: "JP", isRestored: false, rating: 4.0),
                ozu, [drama, comedy], []
            ),
            (
                "Le Bonheur", 1965, "colour", [], .init(year: 1965, country: "FR", isRestored: false, rating: 3.5),
                agnes, [], [(1, "odd")]
            ),
            (
                "film10", 2010, "e\u{301}te\u{301}", [1, 2],
                .init(year: 2011, country: "US", isRestored: false, rating: nil),
                nil, [comedy, noir], [(3, "fine")]
            ),
            (
                "File2", 2002, "\u{E9}t\u{E9}", [2],
                .init(year: 2002, country: "Ísland", isRestored: true, rating: 2.0),
                nobody, [noir], []
            ),
            (
                "Æon", 1999, nil, [], .init(year: 1999, country: "US", isRestored: false, rating: 1.0),
                tarr, [], []
            ),
        ]
        for (title, year, note, scores, release, director, genres, reviews) in rows {
            let film = SearchFilm(title: title, year: year, note: note, scores: scores, release: release)
            writer.insert(film)
            film.director = director
            film.genres = genres
            film.reviews = reviews.map { SearchReview(stars: $0.0, text: $0.1) }
        }
        try writer.save()
        context = ModelContext(container)
        self.drama = try context.fetch(FetchDescriptor<SearchGenre>(predicate: #Predicate { $0.label == "drama" }))[0]
        self.comedy = try context.fetch(FetchDescriptor<SearchGenre>(predicate: #Predicate { $0.label == "comedy" }))[0]
    }

    /// Fetches with `predicate`: SQL answers it (nothing is evaluated in memory, so
    /// nothing is logged), and it selects the films that Swift's evaluation of the same
    /// predicate over every film selects. Returns the titles, sorted.
    @discardableResult
    func check(_ predicate: Predicate<SearchFilm>, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [String]
    {
        let descriptor = FetchDescriptor<SearchFilm>(predicate: predicate)
        let plan = try context.core.fetchPlan(for: descriptor, includingPending: false)
        #expect(plan.isAnsweredBySQL, "evaluated in memory", sourceLocation: sourceLocation)
        #expect(plan.condition?.isExact == true, "not translated exactly", sourceLocation: sourceLocation)
        let fetched = try context.fetch(descriptor).map(\.title).sorted()
        let all = try context.fetch(FetchDescriptor<SearchFilm>())
        let expected = try all.filter { try predicate.evaluate($0) }.map(\.title).sorted()
        #expect(fetched == expected, sourceLocation: sourceLocation)
        #expect(try context.fetchCount(descriptor) == expected.count, sourceLocation: sourceLocation)
        return fetched
    }
}
