import Foundation
import StoreSync

/// `popcorn sync --json`:
///
/// ```json
/// {"remote": "postgres://user@host:5432/db", "seconds": 0.41,
///  "stores": [{"store": "watchlist",
///              "sent": {"changes": 2, "deletions": 1},
///              "received": {"insertions": 4, "updates": 1, "deletions": 0},
///              "keptLocal": 0}]}
/// ```
///
/// `keptLocal`: records received and left alone because this machine holds a newer
/// change, which it sends at the next sync.
struct SyncResultJSON: Encodable {
    struct Sent: Encodable {
        let changes: Int
        let deletions: Int
    }

    struct Received: Encodable {
        let insertions: Int
        let updates: Int
        let deletions: Int
    }

    struct Store: Encodable {
        let store: String
        let sent: Sent
        let received: Received
        let keptLocal: Int
    }

    let remote: String
    let seconds: Double
    let stores: [Store]

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

/// `popcorn sync status --json`:
///
/// ```json
/// {"remote": "postgres://user@host:5432/db",
///  "stores": [{"store": "watchlist", "lastSync": "2026-01-02T03:04:05Z",
///              "lastRemote": "postgres://user@host:5432/db", "pendingChanges": 3, "neverSynced": false}]}
/// ```
///
/// `remote` is the server given now (null when none is); `lastSync` and `lastRemote` are
/// null for a store never synced.
struct SyncStatusJSON: Encodable {
    struct Store: Encodable {
        let store: String
        let lastSync: String?
        let lastRemote: String?
        let pendingChanges: Int
        let neverSynced: Bool
    }

    let remote: String?
    let stores: [Store]

    init(remote: String?, statuses: [StoreSyncStatus]) {
        self.remote = remote
        let formatter = ISO8601DateFormatter()
        stores = statuses.map { status in
            Store(
                store: status.store, lastSync: status.lastSync.map(formatter.string(from:)),
                lastRemote: status.lastRemote, pendingChanges: status.pendingChanges, neverSynced: status.neverSynced)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Written even when nil, so that scripts always find the keys.
        try container.encode(remote, forKey: .remote)
        try container.encode(stores, forKey: .stores)
    }

    private enum CodingKeys: String, CodingKey {
        case remote, stores
    }
}

extension SyncStatusJSON.Store {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(store, forKey: .store)
        try container.encode(lastSync, forKey: .lastSync)
        try container.encode(lastRemote, forKey: .lastRemote)
        try container.encode(pendingChanges, forKey: .pendingChanges)
        try container.encode(neverSynced, forKey: .neverSynced)
    }

    private enum CodingKeys: String, CodingKey {
        case store, lastSync, lastRemote, pendingChanges, neverSynced
    }
}
