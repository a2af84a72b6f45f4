import Foundation
import OpenSwiftData

/// A store's sync state, read locally without contacting the server.
public struct StoreSyncStatus: Sendable, Equatable {
    /// The store's name.
    public let store: String
    /// When the last sync of this store finished; nil if it never did.
    public let lastSync: Date?
    /// The server of the last sync, without its password.
    public let lastRemote: String?
    /// Models changed, added or deleted here that the server has not received.
    public let pendingChanges: Int
    /// Whether the store was never pushed: every model counts as pending.
    public let neverSynced: Bool

    /// The status of a store that does not exist yet: never synced, nothing to send.
    ///
    /// - Parameter name: The store's name.
    public static func notCreated(store name: String) -> StoreSyncStatus {
        StoreSyncStatus(store: name, lastSync: nil, lastRemote: nil, pendingChanges: 0, neverSynced: true)
    }

    /// Reads the status of a store; changes nothing (a store opened read-only is read
    /// all the same).
    ///
    /// - Parameter store: The store.
    /// - Throws: ``SyncError/storeNotSyncable(store:reason:)`` when the store's models cannot
    ///   be synced; ``SyncError/localStore(store:reason:)`` when the store cannot be read.
    public static func read(_ store: SyncedStore) async throws(SyncError) -> StoreSyncStatus {
        do {
            let codecs = try EntityCodec.all(for: store)
            let state = try await SyncState.read(of: store)
            let context = ModelContext(store.container)
            var pending = try LocalChanges.read(
                in: context, after: state.pushedTransaction, codecs: codecs, stamping: state.stamping,
                device: state.device ?? UUID()
            ).changes.count
            if state.pushedTransaction == nil {
                // Every model is sent at the first push; deletions of models never sent are not.
                pending = 0
                // A count of an entity counts its sub-entities' models: the roots' counts
                // count every model once.
                for codec in codecs.values where codec.superentityName == nil {
                    pending += try ModelLookup.count(codec.modelType, in: context)
                }
            }
            return StoreSyncStatus(
                store: store.name, lastSync: state.lastSync.map(Date.init(timeIntervalSince1970:)),
                lastRemote: state.remote, pendingChanges: pending, neverSynced: state.pushedTransaction == nil)
        } catch let error as SyncError {
            throw error
        } catch {
            throw .localStore(store: store.name, reason: "\(error)")
        }
    }
}
