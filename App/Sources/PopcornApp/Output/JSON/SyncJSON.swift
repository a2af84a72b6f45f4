import Foundation
import StoreSync

/// `popcorn sync`: the server synced with, how long it took, and per store what was sent
/// and received.
public struct SyncResultJSON: Codable, Equatable, Sendable {
    /// What this machine sent: changed or new records, and removals.
    public struct Sent: Codable, Equatable, Sendable {
        public let changes: Int
        public let deletions: Int

        public init(changes: Int, deletions: Int) {
            self.changes = changes
            self.deletions = deletions
        }
    }

    /// What this machine applied from the other machines.
    public struct Received: Codable, Equatable, Sendable {
        public let insertions: Int
        public let updates: Int
        public let deletions: Int

        public init(insertions: Int, updates: Int, deletions: Int) {
            self.insertions = insertions
            self.updates = updates
            self.deletions = deletions
        }
    }

    /// What the digest check that ends the sync found: how many records it compared with
    /// the server's (those of part `part` of `parts`, compared in turn, one per sync), how
    /// many differed and were repaired, and how many are held here while the server has no
    /// record of them (kept, not sent).
    public struct Digest: Codable, Equatable, Sendable {
        public let checked: Int
        public let part: Int
        public let parts: Int
        public let repaired: Int
        public let unresolved: Int

        public init(checked: Int, part: Int = 1, parts: Int = 1, repaired: Int, unresolved: Int) {
            self.checked = checked
            self.part = part
            self.parts = parts
            self.repaired = repaired
            self.unresolved = unresolved
        }
    }

    public struct Store: Codable, Equatable, Sendable {
        /// `watchlist` or `history`.
        public let store: String
        public let sent: Sent
        public let received: Received
        /// Records received and left alone because this machine holds a newer change,
        /// which it sends at the next sync.
        public let keptLocal: Int
        /// Records received that this release cannot read (written by a newer release):
        /// left aside, and fetched again at each sync.
        public let setAside: Int
        public let digest: Digest
        /// Entries sent again over the server's (`--reassert`); 0 otherwise.
        public let reasserted: Int
        /// Whether the server had gone back in time (restored from an older copy of its
        /// database): the store was synced with it as with a new server.
        public let serverWentBack: Bool
    }

    /// The server, without its password.
    public let remote: String
    public let seconds: Double
    public let stores: [Store]

    public func store(_ name: String) -> Store? { stores.first { $0.store == name } }

    init(remote: String, seconds: Double, reports: [StoreSyncReport]) {
        self.remote = remote
        self.seconds = (seconds * 1000).rounded() / 1000
        stores = reports.map { report in
            Store(
                store: report.store,
                sent: Sent(changes: report.sentChanges, deletions: report.sentDeletions),
                received: Received(
                    insertions: report.receivedInsertions, updates: report.receivedUpdates,
                    deletions: report.receivedDeletions),
                keptLocal: report.keptLocal, setAside: report.setAside,
                digest: Digest(
                    checked: report.checked, part: report.checkedPart, parts: report.checkedParts,
                    repaired: report.repaired, unresolved: report.unresolved),
                reasserted: report.reasserted, serverWentBack: report.serverWentBack)
        }
    }

    /// The breakdown of a report, for the table.
    static func details(_ report: StoreSyncReport) -> String {
        var parts = [
            "sent \(report.sentChanges) changed, \(report.sentDeletions) deleted",
            "received \(report.receivedInsertions) new, \(report.receivedUpdates) changed, "
                + "\(report.receivedDeletions) deleted",
        ]
        if report.keptLocal > 0 { parts.append("\(report.keptLocal) kept (newer here)") }
        if report.setAside > 0 {
            parts.append("\(report.setAside) set aside (unreadable by this release)")
        }
        return parts.joined(separator: "; ")
    }

    /// What the digest check found, when it found the store and the server different; nil
    /// when they agreed.
    static func digestLine(_ report: StoreSyncReport) -> String? {
        var parts: [String] = []
        if report.repaired > 0 {
            parts.append("\(report.repaired) of \(report.checked) records differed from the server's and were repaired")
        }
        if report.unresolved > 0 {
            parts.append(
                "\(report.unresolved) held here are not on the server, which removed deletions: kept here and not sent "
                    + "(edit or remove them)")
        }
        return parts.isEmpty
            ? nil : "\(report.store): " + parts.joined(separator: "; ") + " (details on standard error)."
    }
}

/// `popcorn sync status`, read locally without contacting the server.
public struct SyncStatusJSON: Codable, Equatable, Sendable {
    public struct Store: Codable, Equatable, Sendable {
        /// `watchlist` or `history`.
        public let store: String
        /// Null for a store never synced.
        @Nullable public var lastSync: Date?
        /// The server of the last sync, without its password; null for a store never synced.
        @Nullable public var lastRemote: String?
        /// Changes made since the last sync, which the next one sends.
        public let pendingChanges: Int
        public let neverSynced: Bool
    }

    /// The server given now (`--remote` or `POPCORN_SYNC_URL`), null when none is.
    @Nullable public var remote: String?
    public let stores: [Store]

    init(remote: String?, statuses: [StoreSyncStatus]) {
        self.remote = remote
        stores = statuses.map { status in
            Store(
                store: status.store, lastSync: status.lastSync, lastRemote: status.lastRemote,
                pendingChanges: status.pendingChanges, neverSynced: status.neverSynced)
        }
    }
}
