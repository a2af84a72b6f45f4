import Foundation
import StoreSync

/// `popcorn sync`: the server synced with, how long it took, and per store what was sent
/// and received.
package struct SyncResultJSON: Codable, Equatable, Sendable {
    /// What this machine sent: changed or new records, and removals.
    package struct Sent: Codable, Equatable, Sendable {
        package let changes: Int
        package let deletions: Int

        package init(changes: Int, deletions: Int) {
            self.changes = changes
            self.deletions = deletions
        }
    }

    /// What this machine applied from the other machines.
    package struct Received: Codable, Equatable, Sendable {
        package let insertions: Int
        package let updates: Int
        package let deletions: Int

        package init(insertions: Int, updates: Int, deletions: Int) {
            self.insertions = insertions
            self.updates = updates
            self.deletions = deletions
        }
    }

    /// What the digest check that ends the sync found: how many records it compared with
    /// the server's (those of part `part` of `parts`, compared in turn, one per sync), how
    /// many differed and were repaired, and how many are held here while the server has no
    /// record of them (kept, not sent).
    package struct Digest: Codable, Equatable, Sendable {
        package let checked: Int
        package let part: Int
        package let parts: Int
        package let repaired: Int
        package let unresolved: Int

        package init(checked: Int, part: Int = 1, parts: Int = 1, repaired: Int, unresolved: Int) {
            self.checked = checked
            self.part = part
            self.parts = parts
            self.repaired = repaired
            self.unresolved = unresolved
        }
    }

    package struct Store: Codable, Equatable, Sendable {
        /// `watchlist` or `history`.
        package let store: String
        package let sent: Sent
        package let received: Received
        /// Records received and left alone because this machine holds a newer change,
        /// which it sends at the next sync.
        package let keptLocal: Int
        /// Records received that this release cannot read (written by a newer release):
        /// left aside, and fetched again at each sync.
        package let setAside: Int
        package let digest: Digest
        /// Entries sent again over the server's (`--reassert`); 0 otherwise.
        package let reasserted: Int
        /// Whether the server had gone back in time (restored from an older copy of its
        /// database): the store was synced with it as with a new server.
        package let serverWentBack: Bool
    }

    /// The server, without its password.
    package let remote: String
    package let seconds: Double
    package let stores: [Store]

    package func store(_ name: String) -> Store? { stores.first { $0.store == name } }

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
package struct SyncStatusJSON: Codable, Equatable, Sendable {
    package struct Store: Codable, Equatable, Sendable {
        /// `watchlist` or `history`.
        package let store: String
        /// Null for a store never synced.
        @Nullable package var lastSync: Date?
        /// The server of the last sync, without its password; null for a store never synced.
        @Nullable package var lastRemote: String?
        /// Changes made since the last sync, which the next one sends.
        package let pendingChanges: Int
        package let neverSynced: Bool
    }

    /// The server given now (`--remote` or `POPCORN_SYNC_URL`), null when none is.
    @Nullable package var remote: String?
    package let stores: [Store]

    init(remote: String?, statuses: [StoreSyncStatus]) {
        self.remote = remote
        stores = statuses.map { status in
            Store(
                store: status.store, lastSync: status.lastSync, lastRemote: status.lastRemote,
                pendingChanges: status.pendingChanges, neverSynced: status.neverSynced)
        }
    }
}
