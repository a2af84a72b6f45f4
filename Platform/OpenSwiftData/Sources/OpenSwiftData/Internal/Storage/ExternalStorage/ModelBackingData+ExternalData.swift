import Foundation
internal import GRDB

extension ModelBackingData {
    /// The value of a BLOB attribute whose row names a file of the store's external-data
    /// folder: read from the file on first access, then kept as the model's stored value.
    ///
    /// A file missing because another context replaced or removed the value since this
    /// model was read gives way to the row's current value. A file missing otherwise is a
    /// damaged store, and stops the program naming the file, as any stored value that
    /// cannot be read does.
    func externalValue<Value>(
        at index: Int, codec: TypedAttributeCodec<Value>, reference: ExternalDataReference
    ) -> Value {
        let property = "\(entity.name).\(entity.properties[index].name)"
        guard let folder = externalDataFolder else {
            fatalError(
                "\(property) names the external data file \(reference.fileName), but its model has no store file")
        }
        let stored: StoredValue
        do {
            stored = .blob(try folder.read(reference.fileName))
        } catch {
            guard let current = currentStoredValue(at: index), current != .text(reference.fileName) else {
                fatalError("\(property) cannot be read from the store: \(error)")
            }
            if case .text(let fileName) = current {
                do {
                    stored = .blob(try folder.read(fileName))
                } catch {
                    fatalError("\(property) cannot be read from the store: \(error)")
                }
            } else {
                stored = current
            }
        }
        setStoredValue(stored, at: index)
        do {
            return try codec.decode(stored)
        } catch {
            fatalError("\(property) cannot be read from the store: \(error)")
        }
    }

    /// Replaces each external-data file name the model holds with the file's bytes, so that
    /// what keeps the model's values beyond its row (a rollback's or an undo's snapshot, a
    /// deleted model inserted again) keeps bytes, never the name of a file that a save
    /// removes with the row or the value. Call while the files are there: before the
    /// change or the deletion is saved. A file that cannot be read (an I/O error) leaves
    /// the name, and the folder keeps that file (``ExternalDataFolder/keep(_:)``) so that
    /// what brings the name back still finds the bytes.
    func inlineExternalData() {
        for index in entity.blobColumnPropertyIndices { inlineExternalData(at: index) }
    }

    /// ``inlineExternalData()`` for the property at `index` alone: a change of another
    /// property leaves this one's file in place, and reads no file.
    func inlineExternalData(at index: Int) {
        guard case .text(let fileName) = storedValue(at: index), entity.blobColumnPropertyIndices.contains(index),
            let folder = externalDataFolder
        else { return }
        do {
            setStoredValue(.blob(try folder.read(fileName)), at: index)
        } catch {
            folder.keep(fileName)
        }
    }

    /// The external-data folder of the store the model belongs to, or last belonged to.
    private var externalDataFolder: ExternalDataFolder? {
        if let url = context?.container.store(for: entity).url { return ExternalDataFolder(storeURL: url) }
        guard let path = storeIdentifier, path.hasPrefix("/") else { return nil }
        return ExternalDataFolder(storeURL: URL(fileURLWithPath: path))
    }

    /// The value the model's row holds now in the column of the property at `index`, or
    /// nil when the model has no row or no context to read it with.
    private func currentStoredValue(at index: Int) -> StoredValue? {
        guard let context, let primaryKey else { return nil }
        let entity = entity
        let sql = "SELECT \(entity.qualifiedColumn(of: index)) FROM \(entity.fromSQL) WHERE \(entity.keySQL) = ?"
        let row = try? context.access(for: entity).read { db in try Row.fetchOne(db, sql: sql, arguments: [primaryKey])
        }
        return row.flatMap { $0 }.map { StoredValue($0[0] as DatabaseValue) }
    }
}
