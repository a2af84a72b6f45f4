import MoviesDomain

extension MovieRepositoryError {
    /// The repository error for a remote failure; `notFound` says which movie was missing.
    init(_ error: MovieRemoteDataSourceError, notFound: MovieRepositoryError) {
        switch error {
        case .notFound: self = notFound
        case .failed(let reason): self = .unavailable(reason)
        }
    }
}
