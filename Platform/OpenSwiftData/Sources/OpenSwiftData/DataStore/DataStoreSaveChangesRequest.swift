/// A context's changes handed to a store at ``ModelContext/save()``, as SwiftData's
/// `DataStoreSaveChangesRequest`: a full snapshot of every inserted and updated model
/// (inserted ones with temporary identifiers), and the snapshots of deleted ones.
public struct DataStoreSaveChangesRequest<Snapshot: DataStoreSnapshot>: Sendable {
    /// The context that saves.
    public let editingState: EditingState
    public let inserted: [Snapshot]
    public let updated: [Snapshot]
    public let deleted: [Snapshot]

    init(editingState: EditingState, inserted: [Snapshot], updated: [Snapshot], deleted: [Snapshot]) {
        self.editingState = editingState
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }
}

/// What a store answers a save with, as SwiftData's `DataStoreSaveChangesResult`: the
/// permanent identifier of each inserted model, by its temporary one, and snapshots the
/// store changed in saving, for the context to show.
public final class DataStoreSaveChangesResult<Snapshot: DataStoreSnapshot>: Sendable {
    /// The identifier of the store that saved.
    public let storeIdentifier: String
    /// The permanent identifier of each inserted model, by its temporary identifier.
    public let remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]
    /// Snapshots the store wrote differently from what it was given, by identifier.
    public let snapshotsToReregister: [PersistentIdentifier: Snapshot]

    public init(
        for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
        snapshotsToReregister: [PersistentIdentifier: Snapshot] = [:]
    ) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
    }
}
