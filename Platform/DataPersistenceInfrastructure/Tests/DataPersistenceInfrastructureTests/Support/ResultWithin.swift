import Synchronization

/// What `operation` returns, or nil when it has not returned within `timeout`, so that a
/// test fails instead of waiting for ever; the operation is not waited for after that.
///
/// - Parameters:
///   - timeout: How long to wait for the operation.
///   - operation: The work, which may never return.
/// - Returns: What `operation` returns, or nil after `timeout`.
/// - Throws: What `operation` throws within `timeout`.
func result<Value: Sendable>(
    within timeout: Duration, of operation: @escaping @Sendable () async throws -> Value
) async throws -> Value? {
    try await withCheckedThrowingContinuation { continuation in
        let first = FirstResult(continuation)
        Task {
            do {
                first.resume(with: .success(try await operation()))
            } catch {
                first.resume(with: .failure(error))
            }
        }
        Task {
            try? await Task.sleep(for: timeout)
            first.resume(with: .success(nil))
        }
    }
}

/// A continuation resumed by the first of those who try; the others are ignored.
private final class FirstResult<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value?, any Error>?>

    init(_ continuation: CheckedContinuation<Value?, any Error>) {
        self.continuation = Mutex(continuation)
    }

    func resume(with result: Result<Value?, any Error>) {
        let pending = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(with: result)
    }
}
