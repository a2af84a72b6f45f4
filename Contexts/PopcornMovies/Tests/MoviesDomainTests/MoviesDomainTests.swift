import MoviesDomain
import Testing

@Suite("Movies domain")
struct MoviesDomainTests {
    @Test("directors are the crew members whose job is Director")
    func directors() {
        let credits = Credits(
            cast: [CastMember(id: 1, name: "Ada", character: "Lead", order: 0)],
            crew: [
                CrewMember(id: 2, name: "Bo", job: "Director", department: "Directing"),
                CrewMember(id: 3, name: "Cy", job: "Writer", department: "Writing"),
            ])
        #expect(credits.directors.map(\.name) == ["Bo"])
    }

    @Test("each list has its own storage key")
    func listKeys() {
        #expect(MovieList.popular.key == "popular")
        #expect(MovieList.similar(toMovieID: 550).key == "similar/550")
        #expect(MovieList.recommendations(forMovieID: 550).key == "recommendations/550")
        #expect(Set([MovieList.popular, .similar(toMovieID: 1), .recommendations(forMovieID: 1)]).count == 3)
    }

    @Test("an image's aspect ratio is width over height, 0 for a zero height")
    func aspectRatio() {
        #expect(ImageMetadata(filePath: "/a.jpg", width: 1000, height: 500).aspectRatio == 2)
        #expect(ImageMetadata(filePath: "/a.jpg", width: 1000, height: 0).aspectRatio == 0)
    }

    @Test("errors read as sentences")
    func errorDescriptions() {
        #expect(MovieRepositoryError.notFound(movieID: 7).description == "No movie with id 7.")
        #expect(MovieRepositoryError.unavailable("offline").description.contains("offline"))
    }
}
