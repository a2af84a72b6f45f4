import Foundation

/// A new folder under the system's temporary directory, removed with everything in it
/// when the value is released, so that tests never touch the home folder.
///
/// ```swift
/// let folder = TemporaryFolder()
/// let store = folder.file("popcorn-movies.sqlite")
/// let locations = StoreLocations(dataDirectory: folder.dataDirectory, cacheDirectory: folder.cacheDirectory)
/// ```
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// Creates the folder, named after `prefix` and a new UUID.
    public init(prefix: String = "PopcornTests") {
        url = FileManager.default.temporaryDirectory.appending(
            path: "\(prefix)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A file (or folder) in the folder; `name` may hold subfolders.
    public func file(_ name: String) -> URL {
        url.appending(path: name, directoryHint: .notDirectory)
    }

    /// Whether `name` exists in the folder.
    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name).path)
    }

    /// The names in the folder, sorted.
    public var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// `data/` in the folder, for user-data stores; not created until a store is.
    public var dataDirectory: URL { url.appending(path: "data", directoryHint: .isDirectory) }

    /// `cache/` in the folder, for cache stores; not created until a store is.
    public var cacheDirectory: URL { url.appending(path: "cache", directoryHint: .isDirectory) }
}
