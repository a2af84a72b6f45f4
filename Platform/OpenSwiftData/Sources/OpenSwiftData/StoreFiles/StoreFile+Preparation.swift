import Foundation

/// File-system preparation for new stores: folders 0700, files 0600.
extension StoreFile {
    static func size(of url: URL) -> Int {
        StoreFile(url: url).fileSize ?? 0
    }

    static func prepare(_ url: URL) throws(SwiftDataError) {
        try prepareFolder(of: url)
        let manager = FileManager.default
        if !manager.fileExists(atPath: url.path) {
            guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
            else {
                throw .io(path: url.path, detail: "cannot create the file (is the folder writable?)")
            }
        }
    }

    /// Creates the folder of `url` (0700) when it is missing.
    static func prepareFolder(of url: URL) throws(SwiftDataError) {
        let manager = FileManager.default
        let folder = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if !manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            do {
                try manager.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .io(path: folder.path, detail: "cannot create the folder (\(error.localizedDescription))")
            }
        } else if !isDirectory.boolValue {
            throw .io(path: folder.path, detail: "a file stands where the store's folder should be")
        }
    }
}
