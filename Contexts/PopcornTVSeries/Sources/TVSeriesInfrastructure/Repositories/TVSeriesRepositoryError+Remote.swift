import TVSeriesDomain

extension TVSeriesRepositoryError {
    /// The repository error for a remote failure.
    init(_ error: TVSeriesRemoteDataSourceError) {
        switch error {
        case .notFound: self = .notFound
        case .failed(let reason): self = .unavailable(reason)
        }
    }
}
