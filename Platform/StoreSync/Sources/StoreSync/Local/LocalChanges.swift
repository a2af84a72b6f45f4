import Foundation
import OpenSwiftData

/// The local changes the server has not received: the store's history after the last
/// transaction pushed, without the engine's own saves, folded to one change per model.
///
/// Each saved transaction is stamped with the store's hybrid logical clock as it was when
/// the transaction was saved, in the order of the history: its time, or the clock's next
/// timestamp when the clock is at or past that time
/// (``HybridLogicalClock/stamp(savedAt:device:)``). The clock then is the one of the last
/// push noted, raised by the pulls applied before the save (``Stamping``), not by those
/// applied after: a save made while a sync was in flight is not ordered after writes made
/// elsewhere after it, which that sync's pull brought. The stamps depend only on the sync
/// state and the history, so that a push repeated after a crash sends the same versions;
/// the clock is advanced to the last one when the server has them.
struct LocalChanges {
    /// What became of a model, and when it last changed.
    struct Change {
        var isDeleted: Bool
        /// The stamp of the model's last local save.
        var version: HybridLogicalClock
        /// Whether the model was inserted in this window (so it may have no record name).
        var wasInserted: Bool
        /// When the window's last insert of the model was saved: with its primary key, what
        /// tells it from a model a restored backup's store gave the same key
        /// (``OutgoingChanges/origin(of:insertedAt:)``).
        var insertedAt: Date?
        /// The device the window's last insert of the model was saved as.
        var insertedBy: UUID?
        /// The fields its updates wrote; nil when the window inserted it (every field is
        /// new) or deleted it.
        var changedFields: Set<String>? = []
    }

    /// By model, in the synced entities.
    var changes: [PersistentIdentifier: Change] = [:]
    /// The last transaction read, the engine's own included; nil when there were none.
    var lastTransaction: Int64?
    /// The store's clock after stamping these changes: the last stamp issued, or the
    /// clock it started from.
    var clock: HybridLogicalClock?

    /// The clock the saves not pushed yet are stamped from: the one of the last push noted
    /// (`base`), raised by each pull applied before the save.
    struct Stamping {
        var base: HybridLogicalClock?
        var pulls: [SyncState.PulledClock] = []
        /// The device the saves up to a history transaction were made as, when the store
        /// took another since (``SyncState/earlierDevice``).
        var earlierDevice: SyncState.EarlierDevice?

        /// The device the history transaction `transaction` was saved as: `current`, unless
        /// the store took it after that save.
        func device(of transaction: Int64, current: UUID) -> UUID {
            guard let earlierDevice, transaction <= earlierDevice.through else { return current }
            return earlierDevice.device
        }

        /// The clock of the pulls applied before the history transaction `transaction`.
        func pulledClock(before transaction: Int64) -> HybridLogicalClock? {
            pulls.filter { $0.after < transaction }.map(\.clock).max()
        }
    }

    /// The last transaction of the store's history; nil when it holds none.
    static func lastTransaction(in context: ModelContext) throws -> Int64? {
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
        descriptor.sortBy = [SortDescriptor(\.transactionIdentifier, order: .reverse)]
        descriptor.fetchLimit = 1
        return try context.fetchHistory(descriptor).first?.transactionIdentifier
    }

    /// Reads the history after `transaction` (all of it when nil), stamping the saves of
    /// `device` as `stamping` says (the store's ``SyncState/stamping``).
    static func read(
        in context: ModelContext, after transaction: Int64?, codecs: [String: EntityCodec],
        stamping: Stamping, device: UUID
    ) throws -> LocalChanges {
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
        if let transaction {
            descriptor.predicate = #Predicate { $0.transactionIdentifier > transaction }
        }
        var result = LocalChanges(clock: stamping.base)
        for recorded in try context.fetchHistory(descriptor).sorted(by: {
            $0.transactionIdentifier < $1.transactionIdentifier
        }) {
            result.lastTransaction = max(
                result.lastTransaction ?? recorded.transactionIdentifier, recorded.transactionIdentifier)
            guard recorded.author != SyncAuthor.name else { continue }
            let changes = recorded.changes.filter { codecs[$0.changedPersistentIdentifier.entityName] != nil }
            guard !changes.isEmpty else { continue }
            let known = [result.clock, stamping.pulledClock(before: recorded.transactionIdentifier)].compactMap { $0 }
                .max()
            let savedAs = stamping.device(of: recorded.transactionIdentifier, current: device)
            let version = (known ?? .zero(device: savedAs)).stamp(savedAt: recorded.timestamp, device: savedAs)
            result.clock = version
            for change in changes {
                let identifier = change.changedPersistentIdentifier
                // An update of relationships derived from the other side's field alone
                // (a genre's books, changed with a book's genres) changes no field of
                // this record: the other side's record carries it. Nor does it raise the
                // version of a change of the record earlier in the window (its insert):
                // a record pushed whole at that later version would win over another
                // machine's edit made after it saw the record.
                if case .update(let update) = change,
                    codecs[identifier.entityName]?.fieldNames(of: update).isEmpty == true
                {
                    continue
                }
                var folded =
                    result.changes[identifier] ?? Change(isDeleted: false, version: version, wasInserted: false)
                folded.version = version
                switch change {
                case .insert:
                    folded.wasInserted = true
                    folded.insertedAt = recorded.timestamp
                    folded.insertedBy = savedAs
                    folded.isDeleted = false
                    folded.changedFields = nil
                case .update(let update):
                    folded.isDeleted = false
                    if folded.changedFields != nil, let codec = codecs[identifier.entityName] {
                        folded.changedFields?.formUnion(codec.fieldNames(of: update))
                    }
                case .delete:
                    folded.isDeleted = true
                    folded.changedFields = nil
                }
                result.changes[identifier] = folded
            }
        }
        return result
    }
}

/// The author of the engine's saves in the history: its changes came from the server and
/// are never pushed back.
enum SyncAuthor {
    static let name = "StoreSync"
}
