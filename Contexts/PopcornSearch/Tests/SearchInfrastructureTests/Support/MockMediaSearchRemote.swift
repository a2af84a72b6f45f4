import SearchDomain
import SearchInfrastructure

/// A remote that answers every search with a fixed page and records the calls; it can
/// be told to fail.
actor MockMediaSearchRemote: MediaSearchRemoteDataSource {
    private(set) var calls: [String] = []
    private var failure: MediaSearchRemoteDataSourceError?

    func fail(with error: MediaSearchRemoteDataSourceError?) { failure = error }

    func search(query: String, page: Int) throws(MediaSearchRemoteDataSourceError) -> MediaSearchResultPage {
        calls.append("\(query) #\(page)")
        if let failure { throw failure }
        return MediaSearchResultPage(
            query: query, page: page, totalPages: 3, totalResults: 42,
            results: [
                .movie(MoviePreview(id: 550, title: "Fight Club")),
                .tvSeries(TVSeriesPreview(id: 1396, name: "Breaking Bad")),
                .person(PersonPreview(id: 287, name: "Brad Pitt", knownForDepartment: "Acting")),
            ])
    }
}
