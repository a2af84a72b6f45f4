/// What opening a store does when it fails for good: stop the program (``trap``, what the
/// PRD's plain calls do) or throw the failure (``throwing``, for callers such as the
/// command-line tool that report it in one line). The failure's type follows the choice,
/// so that trapping calls need no `try`:
///
/// ```swift
/// let cache = ModelContainerFactory.makeLocalModelContainer(schema: schema, url: url, logger: logger)
/// let sameCache = ModelContainerFactory.makeLocalModelContainer(
///     schema: schema, url: url, logger: logger, onFailure: .trap)
/// let watchlist = try ModelContainerFactory.makeModelContainer(
///     for: watchlistStore, in: locations, logger: logger, onFailure: .throwing)
/// ```
public struct StoreFailureHandling<Failure: Error>: Sendable {
    let handle: @Sendable (ModelContainerFactoryError) -> Failure
    /// Whether a legacy store that cannot be relocated now fails the opening; when not,
    /// it is logged and left for a later launch.
    let failsOnRelocation: Bool
}

extension StoreFailureHandling where Failure == Never {
    /// Stops the program with the failure's description.
    public static var trap: StoreFailureHandling<Never> {
        StoreFailureHandling(
            handle: { failure in fatalError("ModelContainerFactory: \(failure.description)") },
            failsOnRelocation: false)
    }
}

extension StoreFailureHandling where Failure == ModelContainerFactoryError {
    /// Throws the failure.
    public static var throwing: StoreFailureHandling<ModelContainerFactoryError> {
        StoreFailureHandling(handle: { $0 }, failsOnRelocation: true)
    }
}
