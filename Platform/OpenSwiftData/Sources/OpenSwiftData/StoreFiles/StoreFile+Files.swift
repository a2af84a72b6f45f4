import Foundation

extension StoreFile {
    /// Removes the store's `.sqlite`, `-wal` and `-shm` files, and its support folder
    /// (the external data).
    ///
    /// Files that do not exist are skipped, and a file that cannot be removed is left
    /// where it is: this never throws. Removing the log files with the store keeps a
    /// stale `-wal` from being applied to a new store of the same name. Close every
    /// container of the store first.
    public func removeFiles() {
        for file in fileURLs + [supportFolderURL] {
            try? FileManager.default.removeItem(at: file)
        }
    }

    /// Renames the store's files to those of the store at `destination`, each to the
    /// same suffix, and its support folder (the external data) to the destination's;
    /// files that do not exist are skipped. The support folder goes first, then the `-wal`
    /// and `-shm`, so that the main file is never beside a log that is not its own, nor
    /// without its external data. Nothing is deleted: a rename that fails part-way leaves
    /// each file at one of its two names.
    ///
    /// - Parameter destination: The main file's new URL.
    /// - Throws: ``SwiftDataError`` naming the file that could not be renamed.
    public func move(to destination: URL) throws(SwiftDataError) {
        let target = StoreFile(url: destination)
        let moves = [(supportFolderURL, target.supportFolderURL)] + zip(fileURLs, target.fileURLs).reversed()
        for (from, to) in moves {
            guard FileManager.default.fileExists(atPath: from.path) else { continue }
            do {
                try FileManager.default.moveItem(at: from, to: to)
            } catch {
                throw .io(
                    path: from.path, detail: "cannot rename it to \(to.path) (\(error.localizedDescription))")
            }
        }
    }
}
