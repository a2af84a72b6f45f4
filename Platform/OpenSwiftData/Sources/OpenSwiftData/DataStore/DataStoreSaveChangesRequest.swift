/// A context's changes handed to a store at ``ModelContext/save()``, as SwiftData's
/// `DataStoreSaveChangesRequest`: a full snapshot of every inserted and updated model
/// (inserted ones with temporary identifiers), and the snapshots of deleted ones.
public struct DataStoreSaveChangesRequest<Snapshot: DataStoreSnapshot>: Sendable {
    /// The context that saves.
    public let editingState: EditingState
    /// The models inserted since the last save, with temporary identifiers the store
    /// replaces by permanent ones (``DataStoreSaveChangesResult/remappedIdentifiers``).
    public let inserted: [Snapshot]
    /// The models changed since the last save, each whole.
    public let updated: [Snapshot]
    /// The models deleted since the last save, as they were last saved.
    public let deleted: [Snapshot]
    /// The names of the properties the context changed in each updated model since its last
    /// save (its snapshot holds the others as the context read them): a store shared by
    /// several processes writes only these, so that a save does not put back a value
    /// another process changed since the context read it. A model missing here is written
    /// whole.
    package let changedProperties: [PersistentIdentifier: Set<String>]
    /// Each updated model as the context last read or saved it: a store shared by several
    /// processes writes a changed to-many relationship as the difference from it, so that
    /// links another process added or removed since stay. A model missing here has its
    /// relationships written whole.
    package let snapshotsAsRead: [PersistentIdentifier: DefaultSnapshot]

    init(
        editingState: EditingState, inserted: [Snapshot], updated: [Snapshot], deleted: [Snapshot],
        changedProperties: [PersistentIdentifier: Set<String>] = [:],
        snapshotsAsRead: [PersistentIdentifier: DefaultSnapshot] = [:]
    ) {
        self.editingState = editingState
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.changedProperties = changedProperties
        self.snapshotsAsRead = snapshotsAsRead
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

    /// The answer of the store `storeIdentifier` to a save: the permanent identifier of
    /// each inserted model by its temporary one, and the snapshots it wrote differently.
    ///
    /// - Parameters:
    ///   - storeIdentifier: The identifier of the store that saved.
    ///   - remappedIdentifiers: The permanent identifier of each inserted model, by its
    ///     temporary identifier.
    ///   - snapshotsToReregister: The snapshots the store wrote differently from what it was
    ///     given, by identifier.
    public init(
        for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
        snapshotsToReregister: [PersistentIdentifier: Snapshot] = [:]
    ) {
        self.storeIdentifier = storeIdentifier
        self.remappedIdentifiers = remappedIdentifiers
        self.snapshotsToReregister = snapshotsToReregister
    }
}
