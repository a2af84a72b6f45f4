import Foundation
import OpenSwiftData

/// How ``ContextStores/openForReading(_:)`` found a store.
public enum StoreReadAccess: Sendable, Hashable {
    /// Opened to read and write, as ever.
    case readWrite
    /// Opened on a connection that cannot write: the store cannot be written here.
    case readOnly
    /// Not opened: there is no store, and its folder is read-only, so it reads as empty.
    case absent
}

extension ContextStores {
    /// Opens a store for a program that only reads it, so that reading never needs
    /// write access: a store that cannot be written is opened read-only
    /// (``StoreAccessMode/readOnly``: never created, migrated or written), and one that
    /// does not exist in a read-only folder is not opened.
    ///
    /// - Parameter store: One of the context's stores.
    /// - Throws: ``ModelContainerFactoryError`` when the store cannot be opened;
    ///   ``StoreMaintenanceError/legacyFileInReadOnlyFolder(storeName:fileName:legacyURL:)``
    ///   when it is still in its former file and cannot be moved to its name.
    public func openForReading(_ store: StoreDescription) async throws -> StoreReadAccess {
        let file = StoreFile(url: url(of: store))
        if StoreWriteAccess.canWrite(file) {
            // Opened as ever; a file where the folder should be fails with its own message.
            try await open(store, onFailure: .throwing)
            return .readWrite
        }
        if let legacy = store.legacyURL(in: locations), FileManager.default.fileExists(atPath: legacy.path) {
            throw StoreMaintenanceError.legacyFileInReadOnlyFolder(
                storeName: store.name, fileName: store.fileName, legacyURL: legacy)
        }
        guard file.exists else { return .absent }
        try await open(store, access: .readOnly, onFailure: .throwing)
        return .readOnly
    }

    /// Opens a store for a program that changes it, or throws
    /// ``StoreMaintenanceError/readOnly(storeName:readOnlyPath:)`` before touching
    /// anything when it cannot be written.
    ///
    /// - Parameter store: One of the context's stores.
    /// - Throws: ``StoreMaintenanceError/readOnly(storeName:readOnlyPath:)`` when the store
    ///   cannot be written; ``ModelContainerFactoryError`` when it cannot be opened.
    @discardableResult
    public func openForWriting(_ store: StoreDescription) async throws -> StoreActor {
        try StoreWriteAccess.requireWritable(store, in: locations)
        return try await open(store, onFailure: .throwing)
    }

    /// Opens, for a change of every store (such as a sync), the stores that exist, and
    /// refuses before opening any when one cannot be written; the missing ones are left
    /// to be created later (by ``actor(for:)``), so that a program can first make sure
    /// the change can happen at all.
    ///
    /// - Throws: ``StoreMaintenanceError/readOnly(storeName:readOnlyPath:)`` or
    ///   ``ModelContainerFactoryError``.
    public func openExistingForWriting() async throws {
        for store in descriptions {
            try StoreWriteAccess.requireWritable(store, in: locations)
        }
        for store in descriptions where StoreFile(url: url(of: store)).exists {
            try await open(store, onFailure: .throwing)
        }
    }

    /// Opens every store that exists read-only, for a program that changes nothing: a
    /// missing store is not created (nor relocated from a former name, nor migrated),
    /// and a read-only folder is read all the same. Returns, in the declared order, each
    /// store's actor (nil when the store does not exist) and whether it could be written.
    ///
    /// - Throws: ``ModelContainerFactoryError`` when a store that exists cannot be opened.
    public func openExistingReadOnly() async throws(ModelContainerFactoryError)
        -> [(store: StoreDescription, actor: StoreActor?, isWritable: Bool)]
    {
        var found: [(store: StoreDescription, actor: StoreActor?, isWritable: Bool)] = []
        for store in descriptions {
            let file = StoreFile(url: url(of: store))
            let actor = file.exists ? try await open(store, access: .readOnly, onFailure: .throwing) : nil
            found.append((store, actor, file.isWritable))
        }
        return found
    }
}
