import Foundation

/// Chooses the ``TMDbService`` implementation from the environment.
public enum TMDbServiceFactory {
    /// Returns a ``TMDbClient`` when `TMDB_API_TOKEN` is set and non-empty, otherwise the
    /// embedded ``OfflineCatalog``.
    ///
    /// `TMDB_BASE_URL` overrides the API base URL of the client (default
    /// `https://api.themoviedb.org/3`).
    public static func makeService(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> any TMDbService {
        if let configuration = TMDbConfiguration(environment: environment) {
            return TMDbClient(configuration: configuration)
        }
        return OfflineCatalog()
    }
}
