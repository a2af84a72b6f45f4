import TMDb

/// Runs a TMDb request for an adapter, turning TMDb's errors into the context's own:
/// `notFound` for a missing id, `failed` with the error's description otherwise.
func tmdbCall<T, Failure: Error>(
    notFound: Failure, failed: (String) -> Failure, _ body: () async throws(TMDbError) -> T
) async throws(Failure) -> T {
    do {
        return try await body()
    } catch .notFound {
        throw notFound
    } catch {
        throw failed(error.description)
    }
}
