import DiscoverDomain
import Foundation
import Testing

@Suite("DiscoverFilter")
struct DiscoverFilterTests {
    @Test("genres are sorted and deduplicated, so the same genres in any order are equal")
    func genresNormalised() {
        let filter = DiscoverFilter(genreIDs: [80, 18, 80, 35])
        #expect(filter.genreIDs == [18, 35, 80])
        #expect(filter == DiscoverFilter(genreIDs: [35, 80, 18]))
    }

    @Test("the language is trimmed and lowercased, and an empty one means any")
    func languageNormalised() {
        #expect(DiscoverFilter(originalLanguage: " EN ").originalLanguage == "en")
        #expect(DiscoverFilter(originalLanguage: "").originalLanguage == nil)
        #expect(DiscoverFilter(originalLanguage: "  ") == .all)
    }

    @Test("only a filter without genres and language is unfiltered")
    func unfiltered() {
        #expect(DiscoverFilter.all.isUnfiltered)
        #expect(!DiscoverFilter(genreIDs: [18]).isUnfiltered)
        #expect(!DiscoverFilter(originalLanguage: "ko").isUnfiltered)
    }

    @Test("different genres or languages are different filters")
    func differentFilters() {
        #expect(DiscoverFilter(genreIDs: [18]) != DiscoverFilter(genreIDs: [80]))
        #expect(DiscoverFilter(originalLanguage: "en") != DiscoverFilter(originalLanguage: "fr"))
    }
}
