import DiscoverDomain
import DiscoverInfrastructure
import Foundation
import PopcornTestSupport

/// A remote that serves fixed pages, records the calls, and can be told to fail.
actor MockDiscoverRemote: DiscoverRemoteDataSource {
    /// The calls, and the failure every call answers with when one is set.
    let recorder = CallRecorder<DiscoverRemoteDataSourceError>()
    private var title = "Movie"

    func retitle(_ newTitle: String) { title = newTitle }

    func movies(matching filter: DiscoverFilter, page: Int) throws(DiscoverRemoteDataSourceError)
        -> DiscoverPage<MoviePreview>
    {
        try recorder.record("movies \(filter.genreIDs) \(filter.originalLanguage ?? "-") page \(page)")
        return Fixtures.moviePage(page, title: title)
    }

    func tvSeries(matching filter: DiscoverFilter, page: Int) throws(DiscoverRemoteDataSourceError)
        -> DiscoverPage<TVSeriesPreview>
    {
        try recorder.record("tv \(filter.genreIDs) \(filter.originalLanguage ?? "-") page \(page)")
        return Fixtures.seriesPage(page)
    }
}
