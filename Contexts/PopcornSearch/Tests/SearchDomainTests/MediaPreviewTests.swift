import Foundation
import SearchDomain
import Testing

@Suite("Media previews")
struct MediaPreviewTests {
    let movie = MoviePreview(id: 550, title: "Fight Club", overview: "Rules.", posterPath: "/fc.jpg")
    let series = TVSeriesPreview(id: 1396, name: "Breaking Bad", firstAirDate: Date(timeIntervalSince1970: 0))
    let person = PersonPreview(id: 287, name: "Brad Pitt", knownForDepartment: "Acting")

    @Test("say their id, kind and display name whatever the media")
    func commonProperties() {
        let previews: [MediaPreview] = [.movie(movie), .tvSeries(series), .person(person)]
        #expect(previews.map(\.id) == [550, 1396, 287])
        #expect(previews.map(\.kind) == [.movie, .tvSeries, .person])
        #expect(previews.map(\.displayName) == ["Fight Club", "Breaking Bad", "Brad Pitt"])
    }

    @Test("are equal by value")
    func equality() {
        #expect(
            MediaPreview.movie(movie)
                == .movie(MoviePreview(id: 550, title: "Fight Club", overview: "Rules.", posterPath: "/fc.jpg")))
        #expect(MediaPreview.movie(MoviePreview(id: 1, title: "A")) != .tvSeries(TVSeriesPreview(id: 1, name: "A")))
    }

    @Test("a page keeps its results in order")
    func page() {
        let page = MediaSearchResultPage(
            query: "pitt", page: 1, totalPages: 2, totalResults: 21, results: [.person(person), .movie(movie)])
        #expect(page.results.map(\.kind) == [.person, .movie])
        #expect(page.totalResults == 21)
    }
}
