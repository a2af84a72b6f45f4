import Logging
import OpenSwiftData
import Synchronization

/// Says once per process that CloudKit sync is unavailable on this platform, and what
/// syncs such stores instead: StoreSync, through a PostgreSQL server, when one is set.
///
/// Every user-data container asks; only the first that is configured for CloudKit logs.
final class CloudKitSyncNotice: Sendable {
    /// The notice of this process.
    static let shared = CloudKitSyncNotice()

    private let hasLogged = Atomic<Bool>(false)

    /// Logs the notice, unless this notice has already been logged or the database is
    /// `.none`. Returns whether it logged.
    @discardableResult
    func logIfFirst(for cloudKitDatabase: CloudKitDatabase, logger: Logger) -> Bool {
        guard cloudKitDatabase != .none else { return false }
        guard hasLogged.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
            return false
        }
        logger.notice(
            """
            CloudKit sync is unavailable on this platform: stores configured for CloudKit \
            (\(cloudKitDatabase)) are kept locally, and StoreSync syncs them through a PostgreSQL \
            server when one is set
            """,
            metadata: ["cloudKitDatabase": "\(cloudKitDatabase)"]
        )
        return true
    }
}
