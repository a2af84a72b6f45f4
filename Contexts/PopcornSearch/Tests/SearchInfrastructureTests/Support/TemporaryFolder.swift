import Foundation

/// A user-data folder under the system's temporary directory, removed at the end.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(path: "PopcornSearchTests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appending(path: name, directoryHint: .notDirectory) }

    /// The names of the files in the folder, sorted.
    var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name).path) }
}
