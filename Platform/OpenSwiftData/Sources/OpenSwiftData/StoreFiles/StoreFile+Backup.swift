import Foundation
internal import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// Backups of a store, all named by one rule: `<store file>.<UTC time>.<label>.backup`
/// beside the store, such as `watchlist.sqlite.20260101T120000.000Z.v1.0.0.backup`.
///
/// The label says why the backup was written: `v<version>` before a migration from that
/// version, `manual` when a person asked for one, `before-restore` for a store replaced by
/// `StoreFile.restore(from:at:)`. A second backup with the same time and label gets
/// `-2`, `-3`, … after the time. Names sort by time, so a folder listing reads oldest
/// first.
extension StoreFile {
    /// The last part of every backup's name.
    static let backupExtension = "backup"

    /// Where a backup of this store written at `date` with `label` goes: a name that no
    /// file (nor its `-wal` or `-shm`) uses yet.
    ///
    /// - Parameters:
    ///   - label: Why the backup is written, such as `manual`; letters, digits, `.` and `-`.
    ///   - date: The time in the name, in UTC to the millisecond.
    public func backupURL(label: String, at date: Date = Date()) -> URL {
        let stamp = Self.backupTimestamp(date)
        var attempt = 1
        while true {
            let counter = attempt == 1 ? "" : "-\(attempt)"
            let name = "\(url.lastPathComponent).\(stamp)\(counter).\(label).\(Self.backupExtension)"
            let candidate = url.deletingLastPathComponent().appending(path: name, directoryHint: .notDirectory)
            if !StoreFile(url: candidate).hasAnyFile { return candidate }
            attempt += 1
        }
    }

    /// The backups of this store that exist, oldest first, optionally only those whose
    /// label passes `isIncluded`.
    ///
    /// - Parameter isIncluded: Whether a backup with this label is listed; by default, every
    ///   one is.
    public func backupURLs(labelled isIncluded: (String) -> Bool = { _ in true }) -> [URL] {
        let folder = url.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in Self.backupLabel(of: name, store: url.lastPathComponent).map(isIncluded) ?? false
        }
        .sorted().map { folder.appending(path: $0, directoryHint: .notDirectory) }
    }

    /// Copies the store to `destination` with SQLite's backup API, which includes what is
    /// still in the `-wal` and is consistent while other connections write. The new file
    /// is readable by its owner only (0600), and its folder is created when missing. It is
    /// one file, in SQLite's rollback-journal mode, so that reading it creates no `-wal`
    /// or `-shm` beside it. The external-data files the copy names go to the copy's
    /// support folder (hard links where the file system allows: such files are never
    /// changed).
    ///
    /// A write that a crash left unfinished in rollback-journal mode (a hot `-journal`
    /// beside the store) is rolled back first, as opening the store does: the backup is of
    /// the last committed state, which a read-only copy could not reach.
    ///
    /// - Parameter destination: The copy's URL; no file may be there yet.
    /// - Throws: ``SwiftDataError`` when the store does not exist or cannot be read, or
    ///   when `destination` exists already or cannot be written, or an external-data file
    ///   the store names is missing; no partial copy is left.
    public func backup(to destination: URL) throws(SwiftDataError) {
        guard exists else { throw .io(path: path, detail: "there is no store to back up") }
        try Self.checkFree(destination)
        try rollBackHotJournal()
        let source = try SQLiteErrors.map(path: path) { try readOnlyQueue() }.get()
        defer { try? source.close() }
        try writeBackup(from: source, to: destination)
    }

    /// Backs the store up beside itself, named by the rule above.
    ///
    /// ```swift
    /// let backup = try StoreFile(url: watchlistURL).backup(label: "manual")
    /// ```
    ///
    /// - Parameters:
    ///   - label: Why the backup is written, such as `manual`; letters, digits, `.` and `-`.
    ///   - date: The time in the name, in UTC to the millisecond.
    /// - Returns: The backup's URL.
    /// - Throws: What ``backup(to:)`` throws.
    @discardableResult
    public func backup(label: String, at date: Date = Date()) throws(SwiftDataError) -> URL {
        let destination = backupURL(label: label, at: date)
        try backup(to: destination)
        return destination
    }

    /// Puts a copy of the store at `source` in place of this one, keeping this one first
    /// as a `before-restore` backup.
    ///
    /// The copy is written with SQLite's backup API beside the store under a temporary
    /// name, and renamed into place only once complete (`replaceFiles(with:)`): a
    /// process killed at any point leaves the store whole, as it was or restored. Close
    /// every container of the store first.
    ///
    /// - Parameters:
    ///   - source: A store file, such as one of ``backupURLs(labelled:)``.
    ///   - date: The time that names the backup of the current store.
    /// - Returns: The backup of the store that was replaced, or nil when there was none.
    /// - Throws: ``SwiftDataError`` when `source` is not a readable model store, or a file
    ///   cannot be read or written; the store is then as it was.
    @discardableResult
    public func restore(from source: URL, at date: Date = Date()) throws(SwiftDataError) -> URL? {
        let origin = StoreFile(url: source)
        switch origin.inspect().state {
        case .missing: throw .io(path: source.path, detail: "there is no such file")
        case .empty: throw .notAModelStore(path: source.path, tables: [])
        case .notAModelStore(let tables): throw .notAModelStore(path: source.path, tables: tables)
        case .damaged(let reason): throw .corruptFile(path: source.path, detail: reason)
        case .ok, .needsMigration, .newer, .unknownVersion: break
        }
        let kept = exists ? try backup(label: "before-restore", at: date) : nil
        let staging = StoreFile(
            url: url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).restoring"))
        staging.removeFiles()
        try origin.backup(to: staging.url)
        try replaceFiles(with: staging)
        return kept
    }

    /// Puts the store `staging` in this store's place, in an order that a process killed
    /// between any two steps survives: this store's log is folded into its main file and
    /// removed, so that the main file alone is the store as it was; `staging`'s external
    /// data files join the support folder (each named by a UUID, and a file of that name
    /// already there has the same contents: such files are never changed); then one
    /// atomic rename gives `staging`'s main file this store's name, and the support files
    /// the restored store does not name are removed.
    private func replaceFiles(with staging: StoreFile) throws(SwiftDataError) {
        if exists {
            guard try checkpoint() else {
                throw .io(path: path, detail: "another connection holds the store; close every container of it first")
            }
            for file in companionURLs where FileManager.default.fileExists(atPath: file.path) {
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw .io(path: file.path, detail: "cannot remove it (\(error.localizedDescription))")
                }
            }
        }
        let incoming = ExternalDataFolder(storeURL: staging.url)
        let current = ExternalDataFolder(storeURL: url)
        let restoredNames = incoming.fileNames()
        do {
            if !restoredNames.isEmpty {
                try FileManager.default.createDirectory(
                    at: current.url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            for name in restoredNames
            where !FileManager.default.fileExists(atPath: current.url.appending(path: name).path) {
                try FileManager.default.moveItem(
                    at: incoming.url.appending(path: name), to: current.url.appending(path: name))
            }
        } catch {
            throw .io(
                path: path, detail: "cannot put the restored external data in place (\(error.localizedDescription))")
        }
        guard rename(staging.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw .io(path: path, detail: "cannot put the restored store in place (\(reason))")
        }
        current.remove(current.fileNames().subtracting(restoredNames))
        try? FileManager.default.removeItem(at: staging.supportFolderURL)
    }

    /// Writes a backup of this store, which `reader` reads, into a new file at
    /// `destination`, with the external-data files it names.
    ///
    /// A file named by the copy may have been removed after the copy was taken, by a save
    /// that replaced its value and committed meanwhile: the backup is then taken again, up
    /// to three times, each copy naming the files of a later state of the store.
    func writeBackup(from reader: any DatabaseReader, to destination: URL) throws(SwiftDataError) {
        try Self.prepareFolder(of: destination)
        try Self.checkFree(destination)
        var attempt = 1
        while true {
            guard
                FileManager.default.createFile(
                    atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw .io(path: destination.path, detail: "cannot create the backup file (is the folder writable?)")
            }
            do {
                let copy = try DatabaseQueue(path: destination.path)
                defer { try? copy.close() }
                try reader.backup(to: copy)
                // A backup is one file: in rollback-journal mode, reading it later (to
                // inspect or restore it) leaves no `-wal` or `-shm` beside it. A store put
                // back from it is opened in WAL mode again by its container.
                try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
                try copyExternalData(namedBy: copy, to: destination)
                return
            } catch let error as ExternalDataError {
                StoreFile(url: destination).removeFiles()
                guard case .missing = error, attempt < 3 else {
                    throw .io(path: path, detail: "cannot back up its external data: \(error)")
                }
                attempt += 1
            } catch {
                StoreFile(url: destination).removeFiles()
                throw SQLiteErrors.swiftDataError(error, path: destination.path)
            }
        }
    }

    private static func checkFree(_ destination: URL) throws(SwiftDataError) {
        guard !StoreFile(url: destination).hasAnyFile else {
            throw .io(path: destination.path, detail: "a file is already there")
        }
    }

    /// `yyyyMMdd'T'HHmmss.SSS'Z'` in UTC.
    static func backupTimestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        return formatter.string(from: date)
    }

    /// The label of a backup's file name, or nil when `name` is not a backup of `store`.
    static func backupLabel(of name: String, store: String) -> String? {
        let prefix = store + "."
        let suffix = "." + backupExtension
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else {
            return nil
        }
        // What remains is `<20-character time>[-N].<label>`.
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let stampLength = backupTimestamp(Date(timeIntervalSince1970: 0)).count
        guard middle.count > stampLength else { return nil }
        var rest = middle.dropFirst(stampLength)
        if rest.first == "-" { rest = rest.dropFirst().drop(while: \.isNumber) }
        guard rest.first == ".", rest.count > 1 else { return nil }
        return String(rest.dropFirst())
    }
}
