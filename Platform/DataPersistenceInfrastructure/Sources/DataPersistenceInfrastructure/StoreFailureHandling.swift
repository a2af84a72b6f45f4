/// What opening a store does when it fails for good: throw the failure (``throwing``, for
/// callers such as the command-line tool that report it in one line) or, within this
/// package, stop the program (`trap`, what the PRD's plain factory calls do). The failure's
/// type follows the choice, so that trapping calls need no `try`:
///
/// ```swift
/// try stores.open(onFailure: .throwing)
/// ```
public struct StoreFailureHandling<Failure: Error>: Sendable {
    let handle: @Sendable (ModelContainerFactoryError) -> Failure
    /// Whether a legacy store that cannot be relocated now fails the opening; when not,
    /// it is logged and left for a later launch.
    let failsOnRelocation: Bool
}

extension StoreFailureHandling where Failure == Never {
    /// Stops the program with the failure's description.
    static var trap: StoreFailureHandling<Never> {
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
