import Foundation

/// A new folder under the system's temporary directory, removed with everything in it
/// when the value is released, so that tests never touch the home folder: a test puts its
/// store files there (``file(_:)``), and they go when the folder does.
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder, named after `prefix` and a new UUID.
    ///
    /// - Parameter prefix: The start of the folder's name, which says which tests made it.
    public init(prefix: String = "OpenSwiftDataTests") {
        url = FileManager.default.temporaryDirectory.appending(
            path: "\(prefix)-\(UUID().uuidString)", directoryHint: .isDirectory)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A file (or folder) in the folder.
    ///
    /// - Parameter name: The file's path in the folder; it may hold subfolders.
    /// - Returns: The file's URL (the file itself is not created).
    public func file(_ name: String) -> URL {
        url.appending(path: name, directoryHint: .notDirectory)
    }

    /// Whether a file exists in the folder.
    ///
    /// - Parameter name: The file's path in the folder.
    /// - Returns: Whether a file or folder is at that path.
    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name).path)
    }

    /// The names in the folder, sorted.
    public var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
