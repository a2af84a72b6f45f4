import Foundation

/// A folder under the system's temporary directory, removed when released.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(
            path: "PopcornDiscoverTests-\(UUID().uuidString)", directoryHint: .isDirectory)
    }

    /// The cache folder the tests give the factory; it does not exist until a store is
    /// created in it.
    var cacheDirectory: URL { url.appending(path: "cache", directoryHint: .isDirectory) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
