import Synchronization

/// What a test double of a remote data source was asked, and the failure it is told to
/// answer with.
///
/// ```swift
/// actor MockMovieRemote: MovieRemoteDataSource {
///     let recorder = CallRecorder<MovieRemoteDataSourceError>()
///
///     func movie(withID id: Int) throws(MovieRemoteDataSourceError) -> Movie {
///         try recorder.record("movie \(id)")
///         return …
///     }
/// }
/// ```
public final class CallRecorder<Failure: Error & Sendable>: Sendable {
    private let state = Mutex<(calls: [String], failure: Failure?)>(([], nil))

    public init() {}

    /// The calls, in order.
    public var calls: [String] { state.withLock { $0.calls } }

    /// How many calls were made.
    public var callCount: Int { calls.count }

    /// Makes every later call throw `failure`; nil makes them succeed again.
    public func fail(with failure: Failure?) {
        state.withLock { $0.failure = failure }
    }

    /// Records a call, then throws the failure set with ``fail(with:)``, if any.
    public func record(_ call: String) throws(Failure) {
        let failure = state.withLock { state in
            state.calls.append(call)
            return state.failure
        }
        if let failure { throw failure }
    }
}
