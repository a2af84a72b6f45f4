import Foundation
internal import GRDB
import Logging

/// The state and the work of a ``ModelContext``: the registered models, their pending
/// changes, and the context's access to each store.
///
/// Models hold their context's core, not the ``ModelContext`` the app holds, so that a
/// fetched model can still read its relationships after the app let go of the context,
/// and the app's letting go is still seen: when the last reference to the
/// ``ModelContext`` goes, a core without unsaved changes forgets the relationships its
/// models loaded where they can hold each other in a cycle (``handleReleased()``).
/// Related models may refer to each other, and each refers to the core: such cycles are
/// broken there, so the models nobody holds end, and the core and its container with
/// them. A model the app still holds reads what it forgot again, through the core.
final class ModelContextCore {
    /// How the core reaches its container (see ``ContainerLink``).
    private var containerLink: ContainerLink
    /// How the context reaches each of the container's stores, in configuration order.
    private let accesses: [StoreAccess]
    /// Whether changes are saved automatically (see ``ModelContext/autosaveEnabled``).
    var autosaveEnabled = false
    /// Who saves: recorded with each save in the store's history
    /// (``DefaultHistoryTransaction/author``), so that a reader can tell its own saves
    /// from others'.
    var author: String?
    /// The identifier of the context's ``EditingState``.
    let editingSession = UUID()
    var isMainContext = false
    private var autosaveScheduled = false

    let identityMap = IdentityMap()
    /// What the context's fetches reuse from one to the next (see ``ContextFetchCache``).
    let fetchCache = ContextFetchCache()
    /// The relationships in which registered models have held other models: which of
    /// them may hold each other in a cycle (see ``handleReleased()``).
    var linkedRelationships = LinkedRelationships()
    /// The ``EntityDescriptor/identityIndex`` of each hierarchy of the schema in which an
    /// entity has relationships: the models whose relationships may hold other models.
    private lazy var hierarchiesWithRelationships = Set(
        container.schema.descriptors.filter(\.hasRelationships).map(\.identityIndex))
    var insertedModels = OrderedModelSet()
    var changedModels = OrderedModelSet()
    var deletedModels = OrderedModelSet()
    /// Models deleted before their first save whose `.deny` or `.noAction` relationships
    /// left related models pointing at them: the next save writes no link to them, and
    /// then takes them out of those models too (ModelContextCore+DeletedLinks.swift).
    var discardedInserts = OrderedModelSet()

    /// The context's use of the container's custom stores, once it has used one
    /// (DataStore/DataStoreSession.swift).
    var dataStoreSession: DataStoreSession?

    /// Counts what a migration stage's custom code saves.
    var ledger: MigrationLedger?

    /// The relationships whose read from the store failed in this context, with the
    /// read's error: until ``rollback()``, a change to one of them that drops models is
    /// refused at save (see ``RelationshipGraph``). Kept by row, not by model instance,
    /// and through saves: the app may still hold the failed read's empty result (`let
    /// tags = tour.tags`) and build a change on it after the error has cleared.
    var failedRelationshipReads: [FailedRelationshipRead: String] = [:]

    /// Records the changes with the context's undo manager; nil without one
    /// (ModelContextCore+Undo.swift).
    var undoRecorder: UndoRecorder?

    static let logger = Logger(label: "OpenSwiftData")

    /// The ``ModelContext`` the app holds, while it holds one; set by its initializer.
    /// Weak: the app's context holds its core, and models hold the core, not the app's
    /// context.
    weak var handle: ModelContext?

    /// The app's ``ModelContext`` for this core: the one the app holds, or a new one
    /// when the app let go of it (a model's ``PersistentModel/modelContext`` after the
    /// code that fetched it has ended).
    var publicContext: ModelContext {
        if let handle { return handle }
        return ModelContext(core: self)
    }

    /// Called once the app holds no ``ModelContext`` of this core: forgets the loaded
    /// relationships of the registered models that may hold each other in a cycle, to be
    /// read again through the core on their next access. Related models refer to each
    /// other and each to the core; once the app holds none of them, forgetting those
    /// references lets them and the core end. Only the models of the hierarchies whose
    /// loaded relationships form a cycle are walked (``linkedRelationships``): models
    /// that only one direction of their relationships links (`parent.children` read,
    /// `child.parent` not) end without it, when the app lets go of them.
    ///
    /// A core with pending changes keeps everything: the links of an unsaved change live
    /// in the loaded relationships, and a model the app still holds can still be saved
    /// through its ``PersistentModel/modelContext``. It then stays in memory with its
    /// models until they are saved or rolled back, which the log says.
    func handleReleased() {
        guard insertedModels.isEmpty, changedModels.isEmpty, deletedModels.isEmpty else {
            Self.logger.notice(
                "a model context was released with unsaved changes: they stay in memory until saved or rolled back")
            return
        }
        let hierarchies = linkedRelationships.hierarchiesOnCycles()
        guard !hierarchies.isEmpty else { return }
        unloadRelationships(ofHierarchies: hierarchies)
    }

    /// The container whose stores the context reads and writes. For the main context whose
    /// container the app let go of, a container made again from the same parts: the same
    /// stores, schema and announcements of saves, and a main context of its own.
    var container: ModelContainer {
        switch containerLink {
        case .held(let container):
            return container
        case .main(let reference, let parts):
            if let container = reference.container { return container }
            let made = ModelContainer(parts: parts)
            containerLink = .main(WeakContainer(container: made), parts)
            return made
        }
    }

    /// Makes this core, the main context's, hold its container weakly: the container holds
    /// it (see ``ContainerLink``).
    func letContainerHoldThisContext() {
        guard case .held(let container) = containerLink else { return }
        containerLink = .main(WeakContainer(container: container), container.parts)
    }

    /// Creates a context's core on a container.
    init(_ container: ModelContainer) {
        self.containerLink = .held(container)
        self.accesses = container.stores.stores.map { StoreAccess(writer: $0.writer, path: $0.url?.path) }
    }

    /// A context on connections whose transactions are owned by the caller, one for each
    /// of the container's stores, in order. Its saves are savepoints of those
    /// transactions, which may still roll back: what they wrote is held
    /// (``heldChanges``) rather than announced, for the owner of the transactions to
    /// announce once they have committed (``takeHeldChanges()``).
    init(container: ModelContainer, pinnedDatabases databases: [Database]) {
        precondition(
            databases.count == container.stores.stores.count, "a pinned context needs one connection per store")
        self.containerLink = .held(container)
        self.accesses = databases.map(StoreAccess.init(pinned:))
        self.heldChanges = []
    }

    /// What the saves of a context inside a caller's transaction wrote, not announced yet;
    /// nil for a context whose saves commit, which announces each save once committed.
    var heldChanges: [ModelContainer.Change]?

    /// The changes held so far (``heldChanges``), in order, which the owner of the
    /// transaction announces once it has committed.
    func takeHeldChanges() -> [ModelContainer.Change] {
        guard let held = heldChanges else { return [] }
        heldChanges = []
        return held
    }

    /// How the context reaches the store that holds `entity`'s rows.
    func access(for entity: EntityDescriptor) -> StoreAccess {
        accesses[container.stores.index(of: entity)]
    }

    /// How the context reaches the store at `index` of the container's stores.
    func access(toStore index: Int) -> StoreAccess {
        accesses[index]
    }

    // MARK: State

    /// Whether there are unsaved inserts, changes or deletes.
    var hasChanges: Bool {
        !insertedModels.isEmpty || !deletedModels.isEmpty
            || changedModels.models.contains { $0.persistentBackingData.hasChangedProperties }
    }

    var insertedModelsArray: [any PersistentModel] { insertedModels.models }
    var changedModelsArray: [any PersistentModel] {
        changedModels.models.filter { $0.persistentBackingData.hasChangedProperties }
    }
    var deletedModelsArray: [any PersistentModel] { deletedModels.models }

    func descriptor(for type: any PersistentModel.Type) throws -> EntityDescriptor {
        guard let descriptor = container.schema.descriptor(for: type) else {
            throw SwiftDataError.invalidModel(
                entity: String(describing: type), reason: "it is not in the container's schema")
        }
        return descriptor
    }

    // MARK: Inserting

    /// The work of ``ModelContext/insert(_:)``.
    func insert<T: PersistentModel>(_ model: T) {
        insertModel(model)
    }

    func insertModel(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        checkMainActor(for: backing.entity)
        if let owner = backing.context {
            precondition(owner === self, "\(SwiftDataError.modelBelongsToAnotherContext(entity: backing.entity.name))")
            if backing.state == .deleted { undelete(model) }
            return
        }
        precondition(
            container.schema.contains(backing.entity),
            "\(backing.entity.name) is not in the container's schema")
        let returnsFromDelete = backing.isDeletedModel
        backing.join(self)
        if backing.primaryKey == nil { undoRecorder?.registerMembership(false, of: model) }
        if let primaryKey = backing.primaryKey {
            backing.state = .persisted
            identityMap.register(model, for: primaryKey)
        } else {
            backing.state = .inserted
            backing.copyConstants(of: model)
            insertedModels.insert(model)
        }
        // A model of an entity without relationships has no related models to adopt.
        if backing.entity.hasRelationships {
            if returnsFromDelete {
                RelationshipGraph.reconnect(model)
            } else {
                adoptRelatedModels(of: backing)
                RelationshipGraph.connectInitialRelationships(of: model)
            }
        }
        scheduleAutosave()
    }

    /// Inserts the models that a new model's relationships refer to.
    private func adoptRelatedModels(of backing: ModelBackingData) {
        for slot in backing.relationships {
            switch slot {
            case .toOne(let target?) where target.persistentBackingData.context == nil:
                insertModel(target)
            case .toMany(let targets):
                for target in targets where target.persistentBackingData.context == nil {
                    insertModel(target)
                }
            default:
                break
            }
        }
    }

    // MARK: Changes

    /// Called by a model's backing data when one of its properties changes.
    func registerChange(of model: any PersistentModel) {
        if model.persistentBackingData.state == .persisted {
            changedModels.insert(model)
        }
        scheduleAutosave()
    }

    /// The main context saves its changes on the main actor after the current turn of
    /// work there (its task finds it through its container, which is `Sendable`); other
    /// contexts whose ``autosaveEnabled`` is true save after each job of their model actor
    /// (``DefaultSerialModelExecutor``) and when the app lets go of them.
    func scheduleAutosave() {
        guard autosaveEnabled, isMainContext, !autosaveScheduled else { return }
        autosaveScheduled = true
        let container = self.container
        Task { @MainActor in
            let context = container.mainContext.core
            context.autosaveScheduled = false
            context.autosaveIfEnabled()
        }
    }

    /// Saves the pending changes when ``autosaveEnabled`` is true. A failed save is
    /// logged, and the changes stay for the next save or a rollback.
    func autosaveIfEnabled() {
        guard autosaveEnabled, hasChanges else { return }
        do {
            try save()
        } catch {
            Self.logger.error("autosave failed: \(error)")
        }
    }

    // MARK: Deleting

    /// The work of ``ModelContext/delete(_:)``.
    func delete<T: PersistentModel>(_ model: T) {
        deleteModel(model)
    }

    func deleteModel(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        guard backing.context === self, backing.state == .inserted || backing.state == .persisted else { return }
        undoRecorder?.registerMembership(true, of: model)
        let wasInserted = backing.state == .inserted
        if !wasInserted {
            // Out of its context, a model of a partial fetch could not read what it left out.
            backing.readUnreadValuesIfAny()
            // Its row's files go with the save; an undo or a re-insert needs the bytes.
            backing.inlineExternalData()
            backing.keepSnapshot()
        }
        backing.state = .deleted
        for property in backing.entity.properties {
            guard let relationship = property.relationship else { continue }
            switch relationship.deleteRule {
            case .cascade:
                let related = RelationshipGraph.related(to: model, at: property.index)
                RelationshipGraph.nullifyInverses(of: model, at: property.index, in: related)
                for target in related { deleteModel(target) }
            case .nullify:
                RelationshipGraph.nullifyInverses(of: model, at: property.index)
            case .deny, .noAction:
                break
            }
        }
        RelationshipGraph.dropLinksToDeletedModels(of: model)
        changedModels.remove(model)
        if wasInserted {
            insertedModels.remove(model)
            backing.state = .detached
            // The rules' changes kept a snapshot (the model was marked deleted): there is no
            // row to restore, and the snapshot may hold the model itself, for ever.
            backing.forgetSnapshot()
            backing.leaveContext()
            backing.markLeftByDelete()
            if backing.entity.properties.contains(where: { $0.relationship.map(\.leavesRelatedModelsAtDelete) == true })
            {
                discardedInserts.insert(model)
            }
        } else {
            deletedModels.insert(model)
        }
        scheduleAutosave()
    }

    // MARK: Rolling back

    /// The work of ``ModelContext/rollback()``.
    func rollback() {
        let hadDeletions = !deletedModels.isEmpty
        for model in changedModels.models + deletedModels.models {
            let backing = model.persistentBackingData
            backing.restoreSnapshot()
            // A bulk delete since the snapshot may have removed rows its links name: the
            // store says what the model holds now.
            if backing.relationships.contains(where: \.holdsModelOutOfContext) {
                backing.relationships = backing.entity.unloadedRelationships
            }
            backing.forgetChangedProperties()
            backing.state = .persisted
        }
        let discarded = Set(insertedModels.models.map(ObjectIdentifier.init))
        for model in insertedModels.models {
            let backing = model.persistentBackingData
            // A deleted model inserted again goes back to being one, as it was before that
            // insert: the links it made since go with the other changes.
            let returnsFromDelete = backing.returnsFromDelete
            backing.state = .detached
            backing.leaveContext()
            backing.forgetChangedProperties()
            backing.dropLinks(keeping: { !returnsFromDelete && discarded.contains(ObjectIdentifier($0)) })
        }
        insertedModels.removeAll()
        changedModels.removeAll()
        deletedModels.removeAll()
        discardedInserts.removeAll()
        failedRelationshipReads.removeAll()
        if hadDeletions { unloadRelationshipsOfRegisteredModels() }
        removeUndoActions()
    }

    /// Forgets every registered model's loaded relationships, to be read again from the
    /// store. A relationship read while a delete was pending left the deleted models out
    /// (so did a snapshot kept then); once the delete is rolled back they are back, and a
    /// relationship kept without them would drop their links at its next change.
    func unloadRelationshipsOfRegisteredModels() {
        // Only the hierarchies with relationships: a context let go of after a fetch of
        // 100,000 models of an entity without any walks none of them.
        unloadRelationships(ofHierarchies: hierarchiesWithRelationships)
    }

    /// Forgets the loaded relationships of the registered models of these hierarchies
    /// (``EntityDescriptor/identityIndex``es).
    private func unloadRelationships(ofHierarchies hierarchies: Set<Int>) {
        for model in identityMap.liveModels(ofHierarchies: hierarchies) {
            let backing = model.persistentBackingData
            guard backing.state == .persisted, backing.entity.hasRelationships else { continue }
            backing.relationships = backing.entity.unloadedRelationships
        }
    }

    /// The work of ``ModelContext/transaction(block:)``.
    func transaction(block: () throws -> Void) throws {
        do {
            try block()
            try save()
        } catch {
            rollback()
            throw error
        }
    }
}

/// A relationship of one row, whose read failed in a context
/// (``ModelContextCore/failedRelationshipReads``).
struct FailedRelationshipRead: Hashable {
    /// The row's hierarchy (``EntityDescriptor/identityIndex``) and key.
    let identityIndex: Int
    let primaryKey: Int64
    /// The relationship's property index (an inherited relationship has the same index
    /// in every entity of the hierarchy).
    let propertyIndex: Int

    init?(_ backing: ModelBackingData, at index: Int) {
        guard let primaryKey = backing.primaryKey else { return nil }
        self.identityIndex = backing.entity.identityIndex
        self.primaryKey = primaryKey
        self.propertyIndex = index
    }
}

extension ModelBackingData {
    /// Drops a rolled-back insert's links to the models `isKept` does not name. Those
    /// models are back as they were saved, without the link, so the pair stays in step;
    /// links among the inserts rolled back with it stay. A link kept to a model of the
    /// context would also keep that model, and through it the context, alive for as long
    /// as the discarded insert lives.
    fileprivate func dropLinks(keeping isKept: (any PersistentModel) -> Bool) {
        for (index, slot) in relationships.enumerated() {
            switch slot {
            case .toOne(let target?) where !isKept(target):
                setRelationship(.toOne(nil), at: index)
            case .toMany(let targets) where !targets.allSatisfy(isKept):
                setRelationship(.toMany(targets.filter(isKept)), at: index)
            default:
                break
            }
        }
    }
}
