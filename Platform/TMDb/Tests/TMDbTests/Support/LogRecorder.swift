import Foundation

/// Collects log lines from a ``TMDbConfiguration`` logger, thread-safely.
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var lines: [String] {
        lock.withLock { storage }
    }

    func record(_ line: String) {
        lock.withLock { storage.append(line) }
    }
}
