import Foundation
internal import GRDB

/// The external-data files of one SQLite transaction (a save, an erase, a migration, a
/// copy of rows): written before the transaction commits, so that a committed row never
/// names a missing file; the files of replaced or deleted values removed only once it has
/// committed, so that a transaction rolled back still finds them; the files it wrote
/// removed when it fails, so that it leaves no orphan behind.
///
/// A crash between writing a file and committing can leave a file no row names; it is
/// never read, and is removed with the store's other files.
final class ExternalDataChanges {
    let folder: ExternalDataFolder
    private var written: [String] = []
    private var replaced = Set<String>()
    /// Files named by values the transaction writes as they were (a reference kept).
    private var kept = Set<String>()
    /// Whether the folder existed when first asked: without it, no row names a file.
    private var folderExists: Bool?

    init(folder: ExternalDataFolder) {
        self.folder = folder
    }

    /// The changes of a store at `storeURL`; nil for an in-memory store, which keeps every
    /// value in its rows.
    convenience init?(storeURL: URL?) {
        guard let storeURL else { return nil }
        self.init(folder: ExternalDataFolder(storeURL: storeURL))
    }

    /// Writes `data` to a new file of the folder and returns its name.
    func write(_ data: Data) throws -> String {
        let name = try folder.write(data)
        written.append(name)
        return name
    }

    /// Copies the file `name` of `source` into the folder under a new name, returned.
    func copy(_ name: String, from source: ExternalDataFolder) throws -> String {
        let newName = try folder.copy(name, from: source)
        written.append(newName)
        return newName
    }

    /// Copies the file `name` of `source` into the folder under the same name, unless the
    /// folder has it already (a copy by an earlier attempt of the same transaction's work).
    func copyKeepingName(_ name: String, from source: ExternalDataFolder) throws {
        guard !FileManager.default.fileExists(atPath: try folder.fileURL(name).path) else { return }
        try folder.copy(name, from: source, as: name)
        written.append(name)
    }

    /// Records files whose rows the transaction deletes or overwrites.
    func replace(_ names: some Sequence<String>) {
        replaced.formUnion(names)
    }

    /// Call after the transaction's last statement, inside it: the replaced files are
    /// removed once it commits, the written ones if it rolls back instead.
    func settle(in db: Database) {
        let folder = folder
        let obsolete = replaced.subtracting(kept).subtracting(written)
        let written = written
        guard !obsolete.isEmpty || !written.isEmpty else { return }
        db.afterNextTransaction(
            onCommit: { _ in folder.remove(obsolete) },
            onRollback: { _ in folder.remove(written) })
    }

    /// The transaction failed before it was settled: removes the files it wrote.
    func discardWritten() {
        folder.remove(written)
        written.removeAll()
    }

    // MARK: Saving models

    /// The values to write in `columns` (property indices) of a row of `entity`: a value of
    /// an `@Attribute(.externalStorage)` attribute larger than the threshold is written to
    /// a file, and the row gets the file's name.
    func storedValues(_ values: [StoredValue], columns: [Int], of entity: EntityDescriptor) throws -> [StoredValue] {
        guard !entity.blobColumnPropertyIndices.isEmpty else { return values }
        var result = values
        for (position, index) in columns.enumerated() {
            guard let codec = entity.properties[index].attribute?.codec, codec.storageType == .blob else { continue }
            switch values[position] {
            case .blob(let data) where codec.storesExternally && data.count > ExternalDataFolder.threshold:
                result[position] = .text(try write(data))
            case .text(let name):
                kept.insert(name)
            default:
                break
            }
        }
        return result
    }

    /// Records the files that the row of `entity` with primary key `key` names in
    /// `columns` (property indices; every column for nil) as replaced: the transaction is
    /// about to overwrite or delete them.
    func replaceValues(of entity: EntityDescriptor, key: Int64, columns: [Int]?, db: Database) throws {
        var indices = entity.blobColumnPropertyIndices
        if let columns { indices = indices.filter(columns.contains) }
        guard !indices.isEmpty, existingFolder() else { return }
        let selected = indices.map { entity.qualifiedColumn(of: $0) }.joined(separator: ", ")
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(selected) FROM \(entity.fromSQL) WHERE \(entity.keySQL) = ?", arguments: [key])
        else { return }
        for position in indices.indices {
            if case .string(let name) = (row[position] as DatabaseValue).storage { replaced.insert(name) }
        }
    }

    /// The value of `property` with a file's name replaced by the file's bytes: what a
    /// history tombstone keeps, since the file goes with the deleted row. A file already
    /// missing leaves the name (nothing is left to keep).
    ///
    /// - Throws: ``ExternalDataError/unreadable(_:_:)`` when the file is there but cannot
    ///   be read: the deletion would lose the bytes the tombstone must keep, so the
    ///   transaction fails instead.
    func inlined(_ value: StoredValue, of property: PropertyDescriptor) throws -> StoredValue {
        guard case .text(let name) = value, property.attribute?.codec.storageType == .blob else { return value }
        do {
            return .blob(try folder.read(name))
        } catch ExternalDataError.missing, ExternalDataError.invalidReference {
            return value
        }
    }

    private func existingFolder() -> Bool {
        if !written.isEmpty { return true }
        if let folderExists { return folderExists }
        let exists = folder.exists
        folderExists = exists
        return exists
    }
}
