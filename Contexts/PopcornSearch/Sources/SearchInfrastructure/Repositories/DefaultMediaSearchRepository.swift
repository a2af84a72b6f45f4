import Foundation
import SearchDomain

/// Searches through the remote data source; results are not cached (the Search context
/// has no cache store).
struct DefaultMediaSearchRepository: MediaSearchRepository {
    let remote: any MediaSearchRemoteDataSource

    func search(query: String, page: Int) async throws(MediaSearchError) -> MediaSearchResultPage {
        let validQuery = try MediaSearchQuery(query)
        guard page >= 1 else { throw .invalidPage(page) }
        do {
            return try await remote.search(query: validQuery.text, page: page)
        } catch {
            throw .unavailable(error.description)
        }
    }
}
