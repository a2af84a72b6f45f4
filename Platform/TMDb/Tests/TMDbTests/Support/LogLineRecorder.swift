import Synchronization

/// Collects the lines a ``TMDbConfiguration`` logger is given, thread-safely.
///
/// Not PopcornTestSupport's `LogRecorder`, which records swift-log `Logger`s: TMDb logs
/// through a plain `(String) -> Void` closure and depends on no logging package, and its
/// tests need no store support either.
final class LogLineRecorder: Sendable {
    private let storage = Mutex<[String]>([])

    /// Every line, in order.
    var lines: [String] {
        storage.withLock { $0 }
    }

    /// Keeps one line; the closure given to ``TMDbConfiguration``.
    func record(_ line: String) {
        storage.withLock { $0.append(line) }
    }
}
