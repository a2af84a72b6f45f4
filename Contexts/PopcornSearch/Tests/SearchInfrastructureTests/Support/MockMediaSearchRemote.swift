import PopcornTestSupport
import SearchDomain
import SearchInfrastructure

/// A remote that answers every search with a fixed page and records the calls; it can
/// be told to fail.
actor MockMediaSearchRemote: MediaSearchRemoteDataSource {
    /// The calls, and the failure every call answers with when one is set.
    let recorder = CallRecorder<MediaSearchRemoteDataSourceError>()

    func search(query: String, page: Int) throws(MediaSearchRemoteDataSourceError) -> MediaSearchResultPage {
        try recorder.record("\(query) #\(page)")
        return MediaSearchResultPage(
            query: query, page: page, totalPages: 3, totalResults: 42,
            results: [
                .movie(MoviePreview(id: 550, title: "Fight Club")),
                .tvSeries(TVSeriesPreview(id: 1396, name: "Breaking Bad")),
                .person(PersonPreview(id: 287, name: "Brad Pitt", knownForDepartment: "Acting")),
            ])
    }
}
