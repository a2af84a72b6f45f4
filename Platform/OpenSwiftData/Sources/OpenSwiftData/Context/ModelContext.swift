import Foundation
internal import GRDB

/// Tracks models and their changes for one isolation domain, as SwiftData's
/// `ModelContext`: insert, fetch, delete, then `save()` writes every change in one
/// SQLite transaction.
///
/// A context is not `Sendable`: create one per actor (see `@ModelActor`) and pass
/// ``PersistentIdentifier``s between them. Contexts created with `ModelContext(_:)` do
/// not save automatically; the container's ``ModelContainer/mainContext`` does.
///
/// A fetched model keeps working after the code that fetched it has let go of the
/// context: it reads its relationships and unread values, and its ``PersistentModel/modelContext``
/// saves its changes. Once nothing holds the context, its unchanged models forget the
/// relationships they loaded where models can hold each other in a cycle through them
/// (they read them again when asked), so that related models nobody holds end, with the
/// context and its connections. A context let go of with unsaved changes keeps them, and
/// its models, until they are saved or rolled back.
public final class ModelContext {
    /// The context's state and work, which its models hold (see ``ModelContextCore``).
    let core: ModelContextCore

    /// Posted after a context saves, with the context as the notification's `object`, as
    /// SwiftData posts it. `userInfo` holds the saved models' identifiers
    /// (`[PersistentIdentifier]`) under ``NotificationKey/insertedIdentifiers``,
    /// ``NotificationKey/updatedIdentifiers`` and ``NotificationKey/deletedIdentifiers``'s raw
    /// values, each present, empty when the save had none of that kind.
    ///
    /// Observers run on the saving thread (or a queue of their choice): compare `object`
    /// with a context, but use it only in its own isolation domain, and pass the
    /// identifiers to other contexts.
    public static let didSave = Notification.Name("OpenSwiftData.ModelContext.didSave")
    /// Posted before a context saves, with the context as `object` and no `userInfo`, as
    /// SwiftData posts it.
    public static let willSave = Notification.Name("OpenSwiftData.ModelContext.willSave")

    /// Keys of the did-save notification's `userInfo`, as SwiftData names them.
    public enum NotificationKey: String, Sendable {
        /// The identifiers of the models the save inserted.
        case insertedIdentifiers
        /// The identifiers of the models the save changed.
        case updatedIdentifiers
        /// The identifiers of the models the save deleted.
        case deletedIdentifiers
        /// Sent by SwiftData when every model was invalidated. OpenSwiftData's contexts
        /// never post it: ``ModelContainer/eraseAllData()`` is announced by
        /// ``ModelContainer/changes()`` instead, with ``ModelContainer/Change/erasedAll``.
        case invalidatedAllIdentifiers
        /// SwiftData's query generation token. OpenSwiftData never posts it: every fetch
        /// reads the latest committed state, so there is no older generation to pin.
        case queryGeneration
    }

    /// Creates a context on a container.
    ///
    /// - Parameter container: The container whose stores the context reads and writes.
    public convenience init(_ container: ModelContainer) {
        self.init(core: ModelContextCore(container))
    }

    /// A context on a connection whose transaction is owned by the caller (see
    /// ``ModelContextCore/init(container:pinnedDatabases:)``).
    convenience init(container: ModelContainer, pinnedDatabases databases: [Database]) {
        self.init(core: ModelContextCore(container: container, pinnedDatabases: databases))
    }

    /// The app's context for `core`; made by the core (``ModelContextCore/publicContext``).
    init(core: ModelContextCore) {
        self.core = core
        self.retainedUndoManager = core.undoManager
        core.handle = self
    }

    deinit {
        core.autosaveIfEnabled()
        core.handleReleased()
    }

    /// The container whose stores the context reads and writes.
    public var container: ModelContainer { core.container }

    /// Whether changes are saved automatically, as Apple documents it: the main context
    /// (``ModelContainer/mainContext``, `true` by default) saves on the main actor after
    /// the current turn of work, and at process exit if that turn never came; another
    /// context set to `true` saves after each job its model actor runs, and when the app
    /// lets go of it. `false` for contexts created with `ModelContext(_:)`. A failed
    /// autosave is logged, and the changes stay.
    public var autosaveEnabled: Bool {
        get { core.autosaveEnabled }
        set { core.autosaveEnabled = newValue }
    }

    /// Who saves: recorded with each save in the store's history
    /// (``DefaultHistoryTransaction/author``), so that a reader can tell its own saves
    /// from others'.
    public var author: String? {
        get { core.author }
        set { core.author = newValue }
    }

    /// Who edits through this context, as SwiftData's `editingState`: its `author` is
    /// ``author``, and setting one sets the other.
    public var editingState: EditingState {
        get { EditingState(id: core.editingSession, author: core.author) }
        set { core.author = newValue.author }
    }

    /// The undo manager that records the context's inserts, deletes and changes, as they
    /// are made; nil, the default, records nothing. `undo()` takes back the last group of
    /// changes (inserted models leave, deleted ones come back with their relationships,
    /// changed properties get their previous values) and `redo()` makes them again.
    ///
    /// Changes already saved can be undone too: they become unsaved changes, which the
    /// next save writes. ``rollback()`` removes the context's actions from the undo
    /// manager. See <doc:UndoAndRedo> for how changes are grouped on
    /// Linux.
    ///
    /// The context holds the undo manager for as long as the app holds the context.
    public var undoManager: UndoManager? {
        get { core.undoManager }
        set {
            retainedUndoManager = newValue
            core.undoManager = newValue
        }
    }

    /// Keeps the undo manager alive: the core refers to it weakly, since its actions hold
    /// models, which hold the core.
    private var retainedUndoManager: UndoManager?

    // MARK: State

    /// Whether there are unsaved inserts, changes or deletes.
    public var hasChanges: Bool { core.hasChanges }

    /// The models inserted since the last save.
    public var insertedModelsArray: [any PersistentModel] { core.insertedModelsArray }
    /// The stored models changed since the last save.
    public var changedModelsArray: [any PersistentModel] { core.changedModelsArray }
    /// The models deleted since the last save.
    public var deletedModelsArray: [any PersistentModel] { core.deletedModelsArray }

    // MARK: Changing

    /// Registers a new model; it is written at the next save. Models it refers to
    /// through relationships are inserted too.
    ///
    /// Inserting a model whose `.unique` attributes equal a stored row's updates that
    /// row at save time instead.
    ///
    /// - Parameter model: The model to insert.
    public func insert<T: PersistentModel>(_ model: T) {
        core.insert(model)
    }

    /// Marks a model deleted; its row goes at the next save. Delete rules run now:
    /// `.cascade` deletes related models, `.nullify` clears their references to it,
    /// and `.deny` makes the save fail while related models remain.
    ///
    /// - Parameter model: The model to delete.
    public func delete<T: PersistentModel>(_ model: T) {
        core.delete(model)
    }

    /// Deletes every model of a type that matches a predicate, writing to the store now,
    /// as SwiftData's batch delete does: inserts that follow are new rows even with a
    /// deleted row's unique values, and ``rollback()`` does not bring the rows back. The
    /// context's inserted models and its models with unsaved changes are decided on their
    /// current values and deleted as ``delete(_:)`` deletes them.
    ///
    /// - Parameters:
    ///   - model: The type of the models to delete.
    ///   - predicate: Which models go; nil for every model of the type.
    ///   - includeSubclasses: Whether models of subclasses of `model` go too.
    /// - Throws: ``SwiftDataError`` when a delete rule refuses (`.deny`, or a row left
    ///   without the target of a relationship that is not optional), when the store does
    ///   not allow saves, or when the store fails; nothing is deleted then.
    public func delete<T: PersistentModel>(
        model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true
    ) throws {
        try core.delete(model: model, where: predicate, includeSubclasses: includeSubclasses)
    }

    /// Writes every insert, change and delete in one SQLite transaction. On failure
    /// nothing is written and the context keeps its changes.
    ///
    /// In a container of several configurations, a save that touches several stores
    /// writes each in a transaction of its own. Everything is checked first (delete
    /// rules, model counts, read-only stores), and the transactions are nested so that an
    /// error in any store rolls back every store (`NestedTransactions`). Only a failed
    /// commit, after the stores written after it committed (the disk fills at that
    /// moment), leaves some stores saved and others not: the context then counts the
    /// changes of the stores that committed as saved, keeps the others, and throws; a
    /// second `save()` writes what is left.
    ///
    /// - Throws: ``SwiftDataError`` when a rule of the models refuses the save (a `.deny`
    ///   delete rule, a model count out of range, a required relationship left empty, …), when
    ///   a store does not allow saves, or when a store fails; with a custom ``DataStore``, what
    ///   the store throws.
    public func save() throws {
        try core.save()
    }

    /// Discards every unsaved insert, change and delete.
    public func rollback() {
        core.rollback()
    }

    /// SwiftData's step that brings pending changes up to date (inverse relationships,
    /// observers) before the next fetch or save. OpenSwiftData does that work as each
    /// change is made; what is left is the end of the undo manager's event: the changes
    /// made since the last event form one undo group, and the next change starts another
    /// (see ``undoManager``). It saves nothing and keeps every change pending.
    public func processPendingChanges() {
        core.endUndoEvent()
    }

    /// Runs `block`, then saves; if `block` or the save throws, every unsaved change is
    /// rolled back.
    ///
    /// - Parameter block: The changes to make.
    /// - Throws: What `block` or ``save()`` throws, once the unsaved changes are rolled back.
    public func transaction(block: () throws -> Void) throws {
        try core.transaction(block: block)
    }

    // MARK: Fetching

    /// The models matching a descriptor, unsaved changes of this context included.
    ///
    /// - Parameter descriptor: Which models, in which order, and how many.
    /// - Throws: ``SwiftDataError`` when `T` is not in the container's schema, a key path of
    ///   the descriptor cannot be used, or the store cannot be read; with a custom
    ///   ``DataStore``, what the store throws.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        try core.fetch(descriptor)
    }

    /// How many models match a descriptor.
    ///
    /// - Parameter descriptor: Which models, in which order, and how many.
    /// - Throws: ``SwiftDataError`` when `T` is not in the container's schema, a key path of
    ///   the descriptor cannot be used, or the store cannot be read; with a custom
    ///   ``DataStore``, what the store throws.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        try core.fetchCount(descriptor)
    }

    /// The models matching a descriptor, read `batchSize` at a time as they are
    /// reached, as SwiftData's batched fetch: the matching keys are read now, each
    /// batch of models when one of its elements is first read.
    ///
    /// With unsaved changes in the context, a descriptor that includes them
    /// (`includePendingChanges`, true by default) throws
    /// ``SwiftDataError/includePendingChangesWithBatchSize``, as SwiftData's does: set it
    /// to false to read the store's rows in batches, or save first. (SwiftData refuses the
    /// combination even when the context has no unsaved change.) A fetch that SQL does not
    /// answer alone (an in-memory predicate or sort) reads every model now.
    /// `propertiesToFetch` and `relationshipKeyPathsForPrefetching` apply to each batch.
    ///
    /// - Parameters:
    ///   - descriptor: Which models, in which order, and how many.
    ///   - batchSize: How many models each batch reads (at least one).
    /// - Throws: ``SwiftDataError/includePendingChangesWithBatchSize`` when the descriptor
    ///   includes pending changes and the context has some; otherwise what ``fetch(_:)``
    ///   throws.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws
        -> FetchResultsCollection<T>
    {
        try core.fetch(descriptor, batchSize: batchSize)
    }

    /// The identifiers of the models matching a descriptor, read without the models
    /// when SQL answers the fetch alone.
    ///
    /// - Parameter descriptor: Which models, in which order, and how many.
    /// - Throws: ``SwiftDataError`` when `T` is not in the container's schema, a key path of
    ///   the descriptor cannot be used, or the store cannot be read; with a custom
    ///   ``DataStore``, what the store throws.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws
        -> [PersistentIdentifier]
    {
        try core.fetchIdentifiers(descriptor)
    }

    /// ``fetchIdentifiers(_:)``, as SwiftData spells it with a batch size; identifiers
    /// are small, so they are read at once.
    ///
    /// - Parameters:
    ///   - descriptor: Which models, in which order, and how many.
    ///   - batchSize: Not used: the identifiers are read at once.
    /// - Throws: What ``fetchIdentifiers(_:)`` throws.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws
        -> FetchResultsCollection<PersistentIdentifier>
    {
        try core.fetchIdentifiers(descriptor, batchSize: batchSize)
    }

    /// Calls `block` with each matching model, reading `batchSize` rows at a time so
    /// that large stores are walked at flat memory.
    ///
    /// The walk is over the rows that exist when it starts, paged by primary key (or,
    /// with a sort order SQL can express, by the list of their keys in that order), so
    /// that a block that deletes models skips none and one that inserts (and saves)
    /// does not walk its own inserts. Models deleted before their turn are skipped;
    /// changed ones are matched by their current values. Unsaved inserts that match
    /// come last, as in ``fetch(_:)``, saved by the block or not. A sort order that only
    /// Swift can evaluate reads every match first. `propertiesToFetch` and
    /// `relationshipKeyPathsForPrefetching` apply to each batch.
    ///
    /// `allowEscapingMutations`, as in SwiftData, says whether the block may leave the
    /// context with unsaved changes. With `false`, the default, a batch (`batchSize`
    /// models given to the block) that ends with changes the block made and did not save
    /// (inserts, deletes, models changed that were not changed before the walk) stops the
    /// walk with ``SwiftDataError/Cause/mutationsEscapedEnumeration(entity:count:)``; the
    /// changes stay in the context, to save or roll back. Save in the block, or pass
    /// `true` to keep them for a later save.
    ///
    /// - Parameters:
    ///   - descriptor: Which models, in which order, and how many.
    ///   - batchSize: How many rows each batch reads (at least one).
    ///   - allowEscapingMutations: Whether the block may leave unsaved changes behind.
    ///   - block: Called with each matching model.
    /// - Throws: What `block` throws, which ends the walk; ``SwiftDataError`` with the cause
    ///   ``SwiftDataError/Cause/mutationsEscapedEnumeration(entity:count:)`` when a batch ends
    ///   with changes the block may not leave; otherwise what ``fetch(_:)`` throws.
    public func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>,
        batchSize: Int = 5000,
        allowEscapingMutations: Bool = false,
        block: (T) throws -> Void
    ) throws {
        try core.enumerate(
            descriptor, batchSize: batchSize, allowEscapingMutations: allowEscapingMutations, block: block)
    }

    // MARK: Identity

    /// The model with this identifier if it is registered in this context.
    ///
    /// - Parameter identifier: The model's identifier.
    public func registeredModel<T: PersistentModel>(for identifier: PersistentIdentifier) -> T? {
        core.registeredModel(for: identifier)
    }

    /// The model with this identifier, as SwiftData's: the model registered in this
    /// context, or the one its row in the store makes.
    ///
    /// As in SwiftData, the answer is never nil. When the row cannot be read now (it was
    /// deleted, or the store cannot be read), the model is a *fault* of the identifier's
    /// class: nothing is read until one of its properties is, which reads the row then,
    /// and stops the program with the entity's and property's names if the row is gone,
    /// as reading a deleted model does in SwiftData. To test whether a row exists, fetch
    /// with `#Predicate { $0.persistentModelID == identifier }` or use
    /// ``registeredModel(for:)``.
    ///
    /// An identifier of an entity this container's schema does not have, or the
    /// temporary identifier of a model not inserted in this context, names no model at
    /// all: a programming error, which stops the program.
    ///
    /// - Parameter identifier: The model's identifier.
    public func model(for identifier: PersistentIdentifier) -> any PersistentModel {
        core.model(for: identifier)
    }

    // MARK: History

    /// The transactions of the store's history that `descriptor` selects: every save
    /// to the store since its history began, from any context or process, with what
    /// each inserted, updated and deleted. By default in the order of the saves.
    ///
    /// With several configurations, the history of every store is read as one: each
    /// store's transactions in their order, merged by time, and each transaction's token
    /// remembers how far every store's history had got (``DefaultHistoryToken``). A
    /// save that touched two stores is a transaction in each. A custom store's history is
    /// read with them when the store provides one of ``DefaultHistoryTransaction``s
    /// (``HistoryProviding``).
    ///
    /// The predicate and sort are evaluated in memory over the recorded transactions:
    /// delete the history a reader no longer needs (``deleteHistory(_:)``) to keep this
    /// fast.
    ///
    /// - Parameter descriptor: Which transactions, in which order, and how many.
    /// - Throws: ``SwiftDataError`` when a store's history cannot be read; what the
    ///   descriptor's predicate throws.
    public func fetchHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws -> [T] {
        try core.fetchHistory(descriptor)
    }

    /// Deletes the transactions `descriptor` selects from the store's history (with
    /// several configurations, from each store's), in one SQLite transaction per store; a
    /// custom store's through its ``HistoryProviding/deleteHistory(_:)``. The models they
    /// changed are not touched.
    ///
    /// - Parameter descriptor: Which transactions to delete.
    /// - Throws: ``SwiftDataError/saveNotAllowed`` when a store to delete from is read-only;
    ///   ``SwiftDataError`` when a store fails; what ``fetchHistory(_:)`` throws.
    public func deleteHistory<T: HistoryTransaction>(_ descriptor: HistoryDescriptor<T>) throws {
        try core.deleteHistory(descriptor)
    }
}
