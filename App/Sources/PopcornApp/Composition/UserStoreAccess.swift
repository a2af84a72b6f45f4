import DataPersistenceInfrastructure
import Foundation

/// How commands that only read open a user-data store (the watchlist, the search
/// history): DataPersistenceInfrastructure opens a store it cannot write read-only, and
/// this says so in one note on standard error. A command that changes a store opens it
/// with `ContextStores.openForWriting(_:)`, which refuses a read-only store before
/// anything is touched.
enum UserStoreAccess {
    /// Opens `store` for a command that only reads it.
    ///
    /// - Returns: Whether there is a store to read: false when it does not exist and
    ///   cannot be created in its folder.
    static func openForReading(_ store: StoreDescription, in stores: ContextStores, output: Output) async throws
        -> Bool
    {
        let url = stores.url(of: store)
        switch try await stores.openForReading(store) {
        case .readWrite:
            return true
        case .readOnly:
            output.note("\(url.path) is read-only; it is shown as it is, and changes cannot be saved.")
            return true
        case .absent:
            output.note(
                "\(url.deletingLastPathComponent().path) is read-only and holds no \(store.name); "
                    + "changes cannot be saved.")
            return false
        }
    }
}
