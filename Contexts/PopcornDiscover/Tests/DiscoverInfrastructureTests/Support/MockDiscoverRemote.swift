import DiscoverDomain
import DiscoverInfrastructure
import Foundation

/// A remote that serves fixed pages, records the calls, and can be told to fail.
actor MockDiscoverRemote: DiscoverRemoteDataSource {
    private(set) var calls: [String] = []
    private var failure: DiscoverRemoteDataSourceError?
    private var title = "Movie"

    var callCount: Int { calls.count }

    func fail(with error: DiscoverRemoteDataSourceError?) { failure = error }
    func retitle(_ newTitle: String) { title = newTitle }

    private func record(_ call: String) throws(DiscoverRemoteDataSourceError) {
        calls.append(call)
        if let failure { throw failure }
    }

    func movies(matching filter: DiscoverFilter, page: Int) throws(DiscoverRemoteDataSourceError)
        -> DiscoverPage<MoviePreview>
    {
        try record("movies \(filter.genreIDs) \(filter.originalLanguage ?? "-") page \(page)")
        return Fixtures.moviePage(page, title: title)
    }

    func tvSeries(matching filter: DiscoverFilter, page: Int) throws(DiscoverRemoteDataSourceError)
        -> DiscoverPage<TVSeriesPreview>
    {
        try record("tv \(filter.genreIDs) \(filter.originalLanguage ?? "-") page \(page)")
        return Fixtures.seriesPage(page)
    }
}
