import Foundation

/// Renames the files of an SQLite store together: the main file and its `-wal` and
/// `-shm` companions. Nothing is ever deleted.
enum StoreFileMover {
    /// Renames each existing file of the store at `source` to the same suffix at
    /// `destination`; the companions go first, so that the main file is never beside a
    /// WAL that is not its own.
    static func move(from source: URL, to destination: URL) throws(LegacyStoreRelocationError) {
        for suffix in ["-wal", "-shm", ""] {
            let from = URL(fileURLWithPath: source.path + suffix)
            let to = URL(fileURLWithPath: destination.path + suffix)
            guard FileManager.default.fileExists(atPath: from.path) else { continue }
            do {
                try FileManager.default.moveItem(at: from, to: to)
            } catch {
                throw .renameFailed(from: from, to: to, detail: error.localizedDescription)
            }
        }
    }

    /// A name beside `url` that none of the three files uses yet:
    /// `name-backup-20260101T120000Z.sqlite`, then `…Z-2.sqlite` and so on.
    static func backupURL(for url: URL, now: Date) -> URL {
        let folder = url.deletingLastPathComponent()
        let pathExtension = url.pathExtension
        let stem = url.deletingPathExtension().lastPathComponent
        let stamp = timestamp(now)
        var attempt = 1
        while true {
            let counter = attempt == 1 ? "" : "-\(attempt)"
            let name = "\(stem)-backup-\(stamp)\(counter)" + (pathExtension.isEmpty ? "" : ".\(pathExtension)")
            let candidate = folder.appending(path: name, directoryHint: .notDirectory)
            if !anyFileExists(of: candidate) { return candidate }
            attempt += 1
        }
    }

    /// Companions left at `url` without a main file (by a crash, say) would be applied to
    /// the store renamed there: they are renamed aside first.
    static func setAsideOrphanedCompanions(of url: URL, now: Date) throws(LegacyStoreRelocationError) {
        guard !FileManager.default.fileExists(atPath: url.path) else { return }
        for suffix in ["-wal", "-shm"] {
            let orphan = URL(fileURLWithPath: url.path + suffix)
            guard FileManager.default.fileExists(atPath: orphan.path) else { continue }
            let aside = URL(fileURLWithPath: orphan.path + ".orphaned-\(timestamp(now))-\(UUID().uuidString.prefix(8))")
            do {
                try FileManager.default.moveItem(at: orphan, to: aside)
            } catch {
                throw .renameFailed(from: orphan, to: aside, detail: error.localizedDescription)
            }
        }
    }

    static func anyFileExists(of url: URL) -> Bool {
        ["", "-wal", "-shm"].contains { FileManager.default.fileExists(atPath: url.path + $0) }
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        let date = "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))"
        return date + "T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
    }
}
