import Foundation
import PopcornTestSupport
import SearchDomain
import Testing

@testable import SearchInfrastructure

@Suite("The search repository")
struct MediaSearchRepositoryTests {
    let remote = MockMediaSearchRemote()
    let folder = TemporaryFolder()

    var repository: any MediaSearchRepository {
        SearchInfrastructureFactory(userDataDirectory: folder.url, remoteDataSource: remote, logger: .quiet)
            .makeMediaSearchRepository()
    }

    @Test("asks the remote with the trimmed query and returns its page")
    func search() async throws {
        let page = try await repository.search(query: "  fight club ", page: 2)
        #expect(page.page == 2)
        #expect(page.results.map(\.kind) == [.movie, .tvSeries, .person])
        #expect(page.results.first == .movie(MoviePreview(id: 550, title: "Fight Club")))
        #expect(remote.recorder.calls == ["fight club #2"])
    }

    @Test("an empty query is the domain error, and the remote is not asked", arguments: ["", "   ", "\n"])
    func emptyQuery(query: String) async {
        await #expect(throws: MediaSearchError.emptyQuery) { try await repository.search(query: query, page: 1) }
        #expect(remote.recorder.calls.isEmpty)
    }

    @Test("a page below 1 is refused")
    func invalidPage() async {
        await #expect(throws: MediaSearchError.invalidPage(0)) { try await repository.search(query: "alien", page: 0) }
        #expect(remote.recorder.calls.isEmpty)
    }

    @Test("a remote failure is reported as unavailable, with its reason")
    func remoteFailure() async {
        remote.recorder.fail(with: .failed("HTTP 503"))
        await #expect(throws: MediaSearchError.unavailable("HTTP 503")) {
            try await repository.search(query: "alien", page: 1)
        }
    }

    @Test("searching opens no store")
    func noStore() async throws {
        _ = try await repository.search(query: "alien", page: 1)
        #expect(folder.fileNames.isEmpty)
    }
}
