import Foundation
import SwiftData
import Testing

@Model
final class Movie {
    var title: String
    var year: Int
    var note: String?
    var details: MovieDetails
    var director: Director?
    var genres: [MovieGenre] = []

    init(title: String, year: Int, note: String? = nil, details: MovieDetails) {
        self.title = title
        self.year = year
        self.note = note
        self.details = details
    }
}

struct MovieDetails: Codable {
    var country: String
    var minutes: Int
}

@Model
final class Director {
    var name: String
    @Relationship(inverse: \Movie.director) var movies: [Movie] = []

    init(name: String) { self.name = name }
}

@Model
final class MovieGenre {
    var name: String
    @Relationship(inverse: \Movie.genres) var movies: [Movie] = []

    init(name: String) { self.name = name }
}

/// A search screen's fetches, written as a SwiftData app writes them: the results are
/// the models Swift's own evaluation of the predicate selects, in Swift's order.
@Suite("A search screen's predicates and sorts")
struct SearchScreenTests {
    private func library() throws -> ModelContext {
        let container = try ModelContainer(
            for: Movie.self, Director.self, MovieGenre.self,
            configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let varda = Director(name: "Agnès Varda")
        let ozu = Director(name: "Yasujirō Ozu")
        let drama = MovieGenre(name: "Drama")
        let rows: [(String, Int, String?, MovieDetails, Director?, [MovieGenre])] = [
            ("Cléo de 5 à 7", 1962, "left bank", MovieDetails(country: "FR", minutes: 90), varda, [drama]),
            ("Tokyo Story", 1953, nil, MovieDetails(country: "JP", minutes: 136), ozu, [drama]),
            ("Late Spring", 1949, "", MovieDetails(country: "JP", minutes: 108), ozu, []),
            ("Film 10", 2010, "e\u{301}te\u{301}", MovieDetails(country: "US", minutes: 95), nil, []),
            ("film 2", 2002, "\u{E9}t\u{E9}", MovieDetails(country: "FR", minutes: 80), nil, [drama]),
        ]
        for (title, year, note, details, director, genres) in rows {
            let movie = Movie(title: title, year: year, note: note, details: details)
            context.insert(movie)
            movie.director = director
            movie.genres = genres
        }
        try context.save()
        return context
    }

    private func search(_ query: String) -> Predicate<Movie> {
        #Predicate<Movie> { movie in
            query.isEmpty || movie.title.localizedStandardContains(query)
                || (movie.director?.name.localizedStandardContains(query) ?? false)
        }
    }

    @Test(
        "search by title or director, sorted by director then title, limited",
        arguments: ["", "ozu", "AGNES", "film", "x"])
    func searchScreen(query: String) throws {
        let context = try library()
        var descriptor = FetchDescriptor<Movie>(
            predicate: search(query),
            sortBy: [SortDescriptor(\Movie.director?.name), SortDescriptor(\.title, comparator: .localizedStandard)])
        descriptor.fetchLimit = 3
        let all = try context.fetch(FetchDescriptor<Movie>())
        let predicate = try #require(descriptor.predicate)
        let expected = try all.filter { try predicate.evaluate($0) }.sorted { lhs, rhs in
            switch (lhs.director?.name, rhs.director?.name) {
            case (nil, nil): lhs.title.localizedStandardCompare(rhs.title) == .orderedAscending
            case (nil, _): true
            case (_, nil): false
            case (let left?, let right?):
                left == right
                    ? lhs.title.localizedStandardCompare(rhs.title) == .orderedAscending
                    : left.localizedStandardCompare(right) == .orderedAscending
            }
        }
        #expect(try context.fetch(descriptor).map(\.title) == Array(expected.prefix(3)).map(\.title))
        #expect(try context.fetchCount(FetchDescriptor(predicate: predicate)) == expected.count)
    }

    @Test("filters a search screen offers: emptiness, counts, optional notes, genres, Codable fields")
    func filters() throws {
        let context = try library()
        let all = try context.fetch(FetchDescriptor<Movie>())
        let drama = try #require(try context.fetch(FetchDescriptor<MovieGenre>()).first).persistentModelID
        let minimum = [100, 85].min() ?? 0
        let predicates: [Predicate<Movie>] = [
            #Predicate { $0.genres.isEmpty == false },
            #Predicate { $0.title.count > 10 },
            #Predicate { movie in if let note = movie.note { !note.isEmpty } else { false } },
            #Predicate { $0.genres.contains { $0.persistentModelID == drama } },
            #Predicate { $0.details.country == "JP" && $0.details.minutes > minimum },
            #Predicate { $0.note == "\u{E9}t\u{E9}" },
            #Predicate { $0.note == "e\u{301}te\u{301}" },
        ]
        for predicate in predicates {
            let fetched = try context.fetch(FetchDescriptor(predicate: predicate)).map(\.title).sorted()
            let expected = try all.filter { try predicate.evaluate($0) }.map(\.title).sorted()
            #expect(fetched == expected)
            #expect(!expected.isEmpty)
        }
    }

    @Test("sorted with .localizedStandard: numbers by value; with .localized: locale-aware")
    func comparators() throws {
        let context = try library()
        let standard = try context.fetch(
            FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.title, comparator: .localizedStandard)]))
        #expect(standard.map(\.title) == ["Cléo de 5 à 7", "film 2", "Film 10", "Late Spring", "Tokyo Story"])
        let localized = try context.fetch(
            FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.title, comparator: .localized, order: .reverse)]))
        #expect(
            localized.map(\.title)
                == standard.map(\.title).sorted { $1.localizedCompare($0) == .orderedAscending })
    }
}
