import DiscoverDomain
import Foundation
import Testing

@Suite("DiscoverPage")
struct DiscoverPageTests {
    @Test("a page before the last has a next page")
    func nextPage() {
        let page = DiscoverPage(page: 2, totalPages: 3, totalResults: 60, items: [MoviePreview(id: 1, title: "A")])
        #expect(page.hasNextPage)
        #expect(page.nextPage == 3)
    }

    @Test("the last page, or an empty result, has no next page")
    func lastPage() {
        let last = DiscoverPage(page: 3, totalPages: 3, totalResults: 60, items: [TVSeriesPreview(id: 1, name: "A")])
        #expect(!last.hasNextPage)
        #expect(last.nextPage == nil)
        let empty = DiscoverPage<MoviePreview>(page: 1, totalPages: 0, totalResults: 0, items: [])
        #expect(empty.nextPage == nil)
    }

    @Test("repository errors compare by case and value, and describe themselves")
    func errors() {
        #expect(DiscoverRepositoryError.invalidPage(0) == .invalidPage(0))
        #expect(DiscoverRepositoryError.invalidPage(0) != .invalidPage(-1))
        #expect(DiscoverRepositoryError.unavailable("offline").description == "Discover is unavailable: offline")
        #expect(DiscoverRepositoryError.invalidPage(0).description.contains("pages start at 1"))
    }
}
