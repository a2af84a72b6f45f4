import Foundation
import OpenSwiftData

/// The local changes the server has not received: the store's history after the last
/// transaction pushed, without the engine's own saves, folded to one change per model.
struct LocalChanges {
    /// What became of a model, and when it last changed.
    struct Change {
        var isDeleted: Bool
        /// Seconds since 1970 of the model's last local save.
        var modifiedAt: Double
        /// Whether the model was inserted in this window (so it may have no record name).
        var wasInserted: Bool
    }

    /// By model, in the synced entities.
    var changes: [PersistentIdentifier: Change] = [:]
    /// The last transaction read, the engine's own included; nil when there were none.
    var lastTransaction: Int64?

    /// Reads the history after `transaction` (all of it when nil).
    static func read(
        in context: ModelContext, after transaction: Int64?, entities: Set<String>
    ) throws -> LocalChanges {
        var descriptor = HistoryDescriptor<DefaultHistoryTransaction>()
        if let transaction {
            descriptor.predicate = #Predicate { $0.transactionIdentifier > transaction }
        }
        var result = LocalChanges()
        for recorded in try context.fetchHistory(descriptor) {
            result.lastTransaction = max(
                result.lastTransaction ?? recorded.transactionIdentifier, recorded.transactionIdentifier)
            guard recorded.author != SyncAuthor.name else { continue }
            let time = recorded.timestamp.timeIntervalSince1970
            for change in recorded.changes {
                let identifier = change.changedPersistentIdentifier
                guard entities.contains(identifier.entityName) else { continue }
                var folded =
                    result.changes[identifier] ?? Change(isDeleted: false, modifiedAt: time, wasInserted: false)
                folded.modifiedAt = max(folded.modifiedAt, time)
                switch change {
                case .insert:
                    folded.wasInserted = true
                    folded.isDeleted = false
                case .update:
                    folded.isDeleted = false
                case .delete:
                    folded.isDeleted = true
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
