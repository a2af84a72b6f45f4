import Foundation

/// What one sync did to one store.
public struct StoreSyncReport: Sendable, Equatable, Codable {
    /// The store's name.
    public let store: String
    /// Changed or new models sent.
    public var sentChanges = 0
    /// Deletions sent, as tombstones.
    public var sentDeletions = 0
    /// Records received that updated a model here.
    public var receivedUpdates = 0
    /// Records received that were new here.
    public var receivedInsertions = 0
    /// Deletions received and applied here.
    public var receivedDeletions = 0
    /// Records received and left alone, because this machine holds a newer change that
    /// it sends at the next sync.
    public var keptLocal = 0
    /// Records received that this release cannot read (a value a newer release wrote, a
    /// malformed field): set aside, the models they name left as they were, and fetched
    /// again at each sync until a release reads them. The other records apply.
    public var setAside = 0
    /// Records compared with the server's after the sync, through digests: every record of
    /// the part compared (``checkedPart``) the two sides held, but for those changed here
    /// since the push and those written on the server since the pull.
    public var checked = 0
    /// The part of the records the digest check compared, from 1, of ``checkedParts``.
    public var checkedPart = 1
    /// How many parts the digest check divides the store's records into: 1 up to 2,048
    /// records; a larger store is compared a part per sync, in turn, so that each of its
    /// records is compared once in every `checkedParts` syncs.
    public var checkedParts = 1
    /// Records that differed from the server's when compared, and were repaired: fetched
    /// and applied here, or sent again to a server that had lost them. Each is logged as a
    /// warning. Not 0 means the machines had diverged, whatever the cause.
    public var repaired = 0
    /// Records held here that the server has no record of, while it has removed deletions'
    /// tombstones: lost by the server, or deleted elsewhere by a deletion this store
    /// missed. Kept here and not sent; each is logged as a warning at each sync, until the
    /// model is edited (which sends it) or deleted.
    public var unresolved = 0
    /// Models sent again over the server's by ``StoreSyncEngine/reassert(_:)``; 0 for a
    /// sync.
    public var reasserted = 0
    /// Whether the server had gone back in time (restored from an older copy of its
    /// database, which lost what was written since): this store then synced with it as with
    /// a new server, sending every model at the versions its fields were written and the
    /// deletions it saw, then pulling every record, so that the later write of each field
    /// and each deletion hold (logged as a warning).
    public var serverWentBack = false

    /// Creates an empty report of the store `store`.
    ///
    /// - Parameter store: The store's name.
    public init(store: String) {
        self.store = store
    }

    /// Every record sent: changes and deletions.
    public var sent: Int { sentChanges + sentDeletions }
    /// Every record received and applied here.
    public var received: Int { receivedUpdates + receivedInsertions + receivedDeletions }
}
