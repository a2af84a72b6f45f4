import DiscoverDomain

extension DiscoverRepositoryError {
    /// The repository error for a remote failure.
    init(_ error: DiscoverRemoteDataSourceError) {
        switch error {
        case .notFound: self = .notFound
        case .failed(let reason): self = .unavailable(reason)
        }
    }
}
