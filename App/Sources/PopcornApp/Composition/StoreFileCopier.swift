import DataPersistenceInfrastructure
import Foundation
import GRDB

/// Consistent copies of store files, with SQLite's backup API (which includes what is
/// still in the `-wal`).
enum StoreFileCopier {
    /// Copies a store to `<file>.<UTC time>.<suffix>.backup` beside it.
    static func backUp(_ url: URL, suffix: String) throws -> URL {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CommandFailure("\(url.lastPathComponent) does not exist yet at \(url.path).")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        let destination = url.deletingLastPathComponent()
            .appending(path: "\(url.lastPathComponent).\(formatter.string(from: Date())).\(suffix).backup")
        try copy(url, to: destination)
        return destination
    }

    /// Puts `source` in place of the store at `url`, keeping the current store as a
    /// backup first; returns that backup, if there was a store.
    static func restore(_ source: URL, over url: URL) throws -> URL? {
        var kept: URL?
        if FileManager.default.fileExists(atPath: url.path) {
            kept = try backUp(url, suffix: "before-restore")
        }
        let staging = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).restoring")
        ModelContainerFactory.removeSQLiteFiles(at: staging)
        try copy(source, to: staging)
        ModelContainerFactory.removeSQLiteFiles(at: url)
        do {
            try FileManager.default.moveItem(at: staging, to: url)
        } catch {
            throw CommandFailure("Cannot put the restored store in place: \(error.localizedDescription)")
        }
        return kept
    }

    private static func copy(_ source: URL, to destination: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard
                FileManager.default.createFile(
                    atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw CommandFailure("Cannot write \(destination.path).")
            }
            var readOnly = Configuration()
            readOnly.readonly = true
            let from = try DatabaseQueue(path: source.path, configuration: readOnly)
            let to = try DatabaseQueue(path: destination.path)
            try from.backup(to: to)
            try to.close()
            try from.close()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("Cannot copy \(source.path): \(error)")
        }
    }
}
