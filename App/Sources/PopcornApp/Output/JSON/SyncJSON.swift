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

    public struct Store: Codable, Equatable, Sendable {
        /// `watchlist` or `history`.
        public let store: String
        public let sent: Sent
        public let received: Received
        /// Records received and left alone because this machine holds a newer change,
        /// which it sends at the next sync.
        public let keptLocal: Int
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
                keptLocal: report.keptLocal)
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
        return parts.joined(separator: "; ")
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
