import Foundation
import GRDB

/// Copies of a store written with SQLite's backup API before it is migrated, named
/// `<store file>.<UTC time>.v<old version>.backup` beside it; the newest few are kept.
enum MigrationBackup {
    static let keptCount = 3

    /// Writes a backup of the store and removes all but the newest ``keptCount``.
    static func write(from reader: any DatabaseReader, storeURL: URL, version: String) throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        let name = "\(storeURL.lastPathComponent).\(formatter.string(from: Date())).v\(version).backup"
        let url = storeURL.deletingLastPathComponent().appending(path: name)
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw SwiftDataError.io(path: url.path, detail: "cannot write the backup before migrating")
        }
        let destination = try DatabaseQueue(path: url.path)
        try reader.backup(to: destination)
        try destination.close()
        for old in backups(of: storeURL).dropLast(keptCount) {
            try? FileManager.default.removeItem(at: old)
        }
        return url
    }

    /// The backups of a store, oldest first.
    static func backups(of storeURL: URL) -> [URL] {
        let folder = storeURL.deletingLastPathComponent()
        let prefix = storeURL.lastPathComponent + "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".backup") }.sorted()
            .map { folder.appending(path: $0) }
    }
}
