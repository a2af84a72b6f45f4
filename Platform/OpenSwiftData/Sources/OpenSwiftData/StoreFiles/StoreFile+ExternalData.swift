import Foundation
internal import GRDB

/// A store's external data (`@Attribute(.externalStorage)` values kept in files beside
/// it, ``ExternalDataFolder``) goes wherever the store goes: backups, restores, moves and
/// removal carry the support folder with the file.
extension StoreFile {
    /// The folder beside the store's file that holds its external data,
    /// `<store file>_SUPPORT`, whether it exists or not.
    public var supportFolderURL: URL { ExternalDataFolder.supportFolder(of: url) }

    /// The store's external-data folder.
    var externalData: ExternalDataFolder { ExternalDataFolder(storeURL: url) }

    /// Puts in `destination`'s external-data folder the files the store `copy` (an open
    /// connection to `destination`) names, taken from this store's folder. A file that
    /// is missing throws ``ExternalDataError/missing(_:)``.
    func copyExternalData(namedBy copy: any DatabaseReader, to destination: URL) throws {
        let source = externalData
        guard source.exists else { return }
        let target = ExternalDataFolder(storeURL: destination)
        let references = try copy.read { db in try ExternalDataRows.references(db) }
        for name in Set(references.map(\.fileName)) {
            try target.copy(name, from: source, as: name)
        }
    }

    /// The rows that name an external-data file that is not there, one line each.
    func missingExternalData() throws -> [String] {
        let folder = externalData
        let present = folder.fileNames()
        let references = try readOnlyQueue().read { db in try ExternalDataRows.references(db) }
        return references.filter { !present.contains($0.fileName) }.map { reference in
            "\(reference.table).\(reference.column) of row \(reference.key) names the external data file \(reference.fileName), which is missing from \(folder.url.path)"
        }
    }
}
