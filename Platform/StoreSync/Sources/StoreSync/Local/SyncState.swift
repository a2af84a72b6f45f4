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
    /// The store's hybrid logical clock: the highest version it has issued (advanced when
    /// a push is noted) or received (advanced with the pull that brought it). Nil before
    /// the first sync, and in a store last synced by a release that ordered by time alone.
    var clock: HybridLogicalClock?
    /// The clock when the last push was noted: the stamps of the saves made since start
    /// from it, raised only by the pulls applied before each save (``pulls``), so that a
    /// save made while a sync is in flight is not ordered after writes that sync's pull
    /// brought, made elsewhere after it. Nil before the first push is noted, and in a store
    /// last synced by a release that did not keep it: its stamps then start from ``clock``.
    var stampBase: HybridLogicalClock?
    /// The pulls applied since the last push was noted, each with the last history
    /// transaction before it and the clock after it.
    var pulls: [PulledClock] = []
    /// Records the server kept over this store's own pushed versions, to be fetched and
    /// applied by the next pull whatever the cursor: noted with the push, cleared with
    /// the pull that applies them, so that a crash between the two loses none.
    var refetch: Set<UUID> = []
    /// Records received that this release could not read (a value of a newer release, a
    /// malformed field): the models they name are left as they were, and each sync fetches
    /// them again whatever the cursor, so that they apply once a release can read them.
    var setAside: Set<UUID> = []
    /// The highest cursor this store's device noted on the server (``TombstoneCompaction``),
    /// or sequence number its push was given there, written once the server has it: the
    /// server's note of the device never goes below it, unless the server went back in time
    /// (restored from an older copy).
    var notedCursor: Int64 = 0
    /// How many pulls were applied: the part of the records a digest check compares
    /// follows it (``LocalDigest``), one part per sync in turn.
    var pullsApplied = 0
    /// Whether the store is syncing with its server as with a new one, from the push that
    /// sends every model to the one noted (``SyncStanding/rewound``): a sync cut off in
    /// between sends them again.
    var rejoining = false
    /// Whether a push was prepared and not noted yet (in flight, or cut off): the server's
    /// note of the device may be above what this store noted (``StoreSyncEngine/standing(of:server:records:compaction:on:)``).
    var pushing = false
    /// The device this store synced as before it took ``device``, with the last history
    /// transaction saved then: those saves keep the versions they had (a backup put back
    /// twice sends its saves twice at one version, which a removal made elsewhere in
    /// between still wins over). Nil for a store that never took another device.
    var earlierDevice: EarlierDevice?
    /// The highest cursor a pull announced on the server before applying a page
    /// (``StoreSyncEngine/announce(_:of:device:compaction:)``): the server's note of the device
    /// may be up to it while the page is not applied here (a sync cut off in between), which
    /// is no sign that the store is behind.
    var announcedCursor: Int64 = 0

    /// A device the store synced as, and the last history transaction saved as it.
    struct EarlierDevice: Equatable {
        let device: UUID
        let through: Int64

        /// `device@through`, as the store's sync state keeps it.
        var description: String { "\(device.uuidString)@\(through)" }

        init(device: UUID, through: Int64) {
            self.device = device
            self.through = through
        }

        /// Reads ``description``.
        init?(_ text: String) {
            let parts = text.split(separator: "@", maxSplits: 1)
            guard parts.count == 2, let device = UUID(uuidString: String(parts[0])), let through = Int64(parts[1])
            else { return nil }
            self.init(device: device, through: through)
        }
    }

    /// A pull applied: the last history transaction before its own, and the clock after it.
    struct PulledClock: Equatable {
        let after: Int64
        let clock: HybridLogicalClock

        /// `after@clock`, as the store's sync state keeps it.
        var description: String { "\(after)@\(clock)" }

        init(after: Int64, clock: HybridLogicalClock) {
            self.after = after
            self.clock = clock
        }

        /// Reads ``description``.
        init?(_ text: Substring) {
            let parts = text.split(separator: "@", maxSplits: 1)
            guard parts.count == 2, let after = Int64(parts[0]), let clock = HybridLogicalClock(String(parts[1]))
            else { return nil }
            self.init(after: after, clock: clock)
        }
    }

    private enum Name {
        static let device = "storesync.device"
        static let server = "storesync.server"
        static let cursor = "storesync.cursor"
        static let pushedTransaction = "storesync.pushedTransaction"
        static let entities = "storesync.entities"
        static let lastSync = "storesync.lastSync"
        static let remote = "storesync.remote"
        static let clock = "storesync.clock"
        static let stampBase = "storesync.stampBase"
        static let pulls = "storesync.pulls"
        static let refetch = "storesync.refetch"
        static let setAside = "storesync.setAside"
        static let pullsApplied = "storesync.pullsApplied"
        static let notedCursor = "storesync.notedCursor"
        static let rejoining = "storesync.rejoining"
        static let pushing = "storesync.pushing"
        static let earlierDevice = "storesync.earlierDevice"
        static let announcedCursor = "storesync.announcedCursor"
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
        state.clock = try metadata.value(named: Name.clock).flatMap { HybridLogicalClock($0) }
        state.stampBase = try metadata.value(named: Name.stampBase).flatMap { HybridLogicalClock($0) }
        state.pulls = try metadata.value(named: Name.pulls)?.split(separator: ";").compactMap(PulledClock.init) ?? []
        state.refetch = Set(
            try metadata.value(named: Name.refetch)?.split(separator: ",").compactMap { UUID(uuidString: String($0)) }
                ?? [])
        state.setAside = Set(
            try metadata.value(named: Name.setAside)?.split(separator: ",").compactMap { UUID(uuidString: String($0)) }
                ?? [])
        state.pullsApplied = try metadata.value(named: Name.pullsApplied).flatMap { Int($0) } ?? 0
        state.notedCursor = try metadata.value(named: Name.notedCursor).flatMap { Int64($0) } ?? 0
        state.rejoining = try metadata.value(named: Name.rejoining) != nil
        state.pushing = try metadata.value(named: Name.pushing) != nil
        state.earlierDevice = try metadata.value(named: Name.earlierDevice).flatMap(EarlierDevice.init)
        state.announcedCursor = try metadata.value(named: Name.announcedCursor).flatMap { Int64($0) } ?? 0
        return state
    }

    /// Notes in `store` that its device's cursor `cursor` is noted on the server
    /// (``notedCursor``).
    static func noteNoted(cursor: Int64, of store: SyncedStore) async throws {
        try await store.container.performSyncTransaction(author: SyncAuthor.name) { _, metadata in
            var state = try read(from: metadata)
            guard cursor > state.notedCursor else { return }
            state.notedCursor = cursor
            try state.write(to: metadata)
        }
    }

    /// The state kept in `store`, read without a write transaction.
    static func read(of store: SyncedStore) async throws -> SyncState {
        try await store.container.readSyncMetadata { try read(from: $0) }
    }

    func write(to metadata: SyncMetadata) throws {
        try metadata.setValue(device?.uuidString, named: Name.device)
        try metadata.setValue(server?.uuidString, named: Name.server)
        try metadata.setValue(String(cursor), named: Name.cursor)
        try metadata.setValue(pushedTransaction.map(String.init), named: Name.pushedTransaction)
        try metadata.setValue(entities.sorted().joined(separator: ","), named: Name.entities)
        try metadata.setValue(lastSync.map { String($0) }, named: Name.lastSync)
        try metadata.setValue(remote, named: Name.remote)
        try metadata.setValue(clock?.description, named: Name.clock)
        try metadata.setValue(stampBase?.description, named: Name.stampBase)
        try metadata.setValue(
            pulls.isEmpty ? nil : pulls.map(\.description).joined(separator: ";"), named: Name.pulls)
        try metadata.setValue(
            refetch.isEmpty ? nil : refetch.map(\.uuidString).sorted().joined(separator: ","), named: Name.refetch)
        try metadata.setValue(
            setAside.isEmpty ? nil : setAside.map(\.uuidString).sorted().joined(separator: ","), named: Name.setAside)
        try metadata.setValue(pullsApplied == 0 ? nil : String(pullsApplied), named: Name.pullsApplied)
        try metadata.setValue(notedCursor == 0 ? nil : String(notedCursor), named: Name.notedCursor)
        try metadata.setValue(rejoining ? "1" : nil, named: Name.rejoining)
        try metadata.setValue(pushing ? "1" : nil, named: Name.pushing)
        try metadata.setValue(earlierDevice?.description, named: Name.earlierDevice)
        try metadata.setValue(announcedCursor == 0 ? nil : String(announcedCursor), named: Name.announcedCursor)
    }

    /// Forgets where the store stood on its server: the next push sends every model, and the
    /// next pull fetches every record.
    mutating func forgetServerPosition() {
        cursor = 0
        pushedTransaction = nil
        refetch = []
        setAside = []
        notedCursor = 0
        announcedCursor = 0
    }

    /// What the stamps of the saves not pushed yet start from (``LocalChanges``).
    var stamping: LocalChanges.Stamping {
        guard let stampBase else {
            // No push noted with a clock: every pull since the first is in `pulls` (the first
            // always is), so that a save is stamped above the pulls applied before it only,
            // not above one applied since (a restored backup's catch-up pulls before it pushes).
            // A store last synced by a release that kept no pulls starts from `clock`.
            if !pulls.isEmpty { return LocalChanges.Stamping(base: nil, pulls: pulls, earlierDevice: earlierDevice) }
            return LocalChanges.Stamping(base: clock, earlierDevice: earlierDevice)
        }
        return LocalChanges.Stamping(base: stampBase, pulls: pulls, earlierDevice: earlierDevice)
    }

    /// Notes a push: the stamps of the saves made since start from the clock as it is now.
    mutating func notePush() {
        stampBase = clock
        pulls = []
    }

    /// Notes a pull applied after the history transaction `after`, once the clock is
    /// advanced to what it brought: the saves made after it are stamped above it.
    mutating func notePull(after transaction: Int64) {
        let highest = [pulls.last?.clock, stampBase].compactMap { $0 }.max()
        guard let clock, highest.map({ clock > $0 }) ?? true else { return }
        pulls.append(PulledClock(after: transaction, clock: clock))
    }

    /// Advances the clock to at least `version`.
    mutating func advanceClock(to version: HybridLogicalClock?) {
        guard let version else { return }
        clock = max(clock ?? version, version)
    }

    /// The state to sync with `server`: unchanged for the server of the last sync; for
    /// another one (or a server whose sync tables were made anew), everything is pushed
    /// and pulled again, under the same record names.
    func starting(with server: UUID, entities current: Set<String>) -> SyncState {
        var state = self
        if state.server != server {
            state.server = server
            state.forgetServerPosition()
        }
        if !current.isSubset(of: state.entities) {
            state.cursor = 0
        }
        return state
    }
}
