import Foundation

/// A new folder under the system's temporary directory, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appending(path: "DataPersistenceInfrastructureTests-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL {
        url.appending(path: name, directoryHint: .notDirectory)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Whether a file exists.
func fileExists(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.path)
}

/// A store's `-wal` or `-shm` companion.
func companion(_ url: URL, _ suffix: String) -> URL {
    URL(fileURLWithPath: url.path + suffix)
}
