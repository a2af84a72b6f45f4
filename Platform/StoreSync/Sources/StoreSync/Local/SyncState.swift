import Foundation
import OpenSwiftData

/// What the engine remembers in a store between syncs, in its ``SyncMetadata`` values.
struct SyncState {
    /// This store's device identifier, made on its first sync: every write it pushes
    /// carries it, and last-writer-wins breaks ties by it.
    var device: UUID?
    /// The server the cursors below belong to; another server starts over.
    var server: UUID?
    /// The highest server sequence number received.
    var cursor: Int64 = 0
    /// The last history transaction pushed; nil until the first push.
    var pushedTransaction: Int64?
    /// The entities the cursor covers: an entity added by a newer release of the
    /// models is pulled from the start.
    var entities: Set<String> = []
    /// When the last sync finished, seconds since 1970.
    var lastSync: Double?
    /// The remote of the last sync, without its password.
    var remote: String?

    private enum Name {
        static let device = "storesync.device"
        static let server = "storesync.server"
        static let cursor = "storesync.cursor"
        static let pushedTransaction = "storesync.pushedTransaction"
        static let entities = "storesync.entities"
        static let lastSync = "storesync.lastSync"
        static let remote = "storesync.remote"
    }

    static func read(from metadata: SyncMetadata) throws -> SyncState {
        var state = SyncState()
        state.device = try metadata.value(named: Name.device).flatMap(UUID.init(uuidString:))
        state.server = try metadata.value(named: Name.server).flatMap(UUID.init(uuidString:))
        state.cursor = try metadata.value(named: Name.cursor).flatMap { Int64($0) } ?? 0
        state.pushedTransaction = try metadata.value(named: Name.pushedTransaction).flatMap { Int64($0) }
        state.entities = Set(
            try metadata.value(named: Name.entities)?.split(separator: ",").map(String.init) ?? [])
        state.lastSync = try metadata.value(named: Name.lastSync).flatMap { Double($0) }
        state.remote = try metadata.value(named: Name.remote)
        return state
    }

    func write(to metadata: SyncMetadata) throws {
        try metadata.setValue(device?.uuidString, named: Name.device)
        try metadata.setValue(server?.uuidString, named: Name.server)
        try metadata.setValue(String(cursor), named: Name.cursor)
        try metadata.setValue(pushedTransaction.map(String.init), named: Name.pushedTransaction)
        try metadata.setValue(entities.sorted().joined(separator: ","), named: Name.entities)
        try metadata.setValue(lastSync.map { String($0) }, named: Name.lastSync)
        try metadata.setValue(remote, named: Name.remote)
    }

    /// The state to sync with `server`: unchanged for the server of the last sync; for
    /// another one (or a server whose sync tables were made anew), everything is pushed
    /// and pulled again, under the same record names.
    func starting(with server: UUID, entities current: Set<String>) -> SyncState {
        var state = self
        if state.server != server {
            state.server = server
            state.cursor = 0
            state.pushedTransaction = nil
        }
        if !current.isSubset(of: state.entities) {
            state.cursor = 0
        }
        return state
    }
}
