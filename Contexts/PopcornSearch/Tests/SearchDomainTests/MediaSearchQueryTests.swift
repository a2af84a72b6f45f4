import SearchDomain
import Testing

@Suite("A search query")
struct MediaSearchQueryTests {
    @Test("is trimmed of white space")
    func trimmed() throws {
        #expect(try MediaSearchQuery("  fight club \n").text == "fight club")
        #expect(try MediaSearchQuery("Alien").description == "Alien")
    }

    @Test("that is empty or only white space is the empty-query error", arguments: ["", " ", "\n\t  "])
    func empty(text: String) {
        #expect(throws: MediaSearchError.emptyQuery) { try MediaSearchQuery(text) }
    }

    @Test("errors read as sentences a person can act on")
    func errorDescriptions() {
        #expect(MediaSearchError.emptyQuery.description.contains("empty"))
        #expect(MediaSearchError.invalidPage(0).description.contains("Page 0"))
        #expect(MediaSearchError.unavailable("offline").description == "Search is unavailable: offline")
        #expect(MediaSearchHistoryError.storage("disk full").description.contains("disk full"))
    }
}
