import Foundation

/// Records a context's changes with its ``ModelContext/undoManager``, as SwiftData does:
/// each change registers, as it is made, the action that undoes it.
///
/// Two kinds of action, each the exact opposite of one step of the context's work, and
/// each registering its own opposite when it runs (which makes redo work):
/// - a property change (``PropertyChange``): its stored value, or its relationship slot
///   (every relationship change, inverses and delete rules included, is a slot change of
///   one model), before and after;
/// - a model's membership: an insert is undone by taking the model out, a delete by
///   bringing it back. Its effects on other models (inverses connected, delete rules) are
///   slot changes, registered after it, so undone before it.
///
/// A property change keeps both values, each read when the context is in the state the
/// change was made in: its undo puts the first back and its redo the second. Values read
/// while an undo runs would see the models half-way (a model the undo takes out already
/// gone from a relationship read from the store).
///
/// Undo after a save works on what the save made of the models: an undone insert of a
/// saved model deletes it, an undone delete of a saved model inserts it again, as a new
/// row; an undone change marks the model changed. The next save writes each.
///
/// Held by the context only while it has an undo manager: without one, a change costs a
/// nil test.
final class UndoRecorder {
    /// The context whose changes are recorded: it holds this recorder.
    unowned let core: ModelContextCore
    /// The app's ``ModelContext`` holds the undo manager; the context refers to it weakly,
    /// as its actions refer to the context's models, and the models to the context.
    weak var manager: UndoManager?
    /// The change registered last, whose new value is read at the next step of the
    /// recorder (a registration, an action run, the end of an event): the model's backing
    /// data registers a change before making it.
    private var awaitingNewValue: PropertyChange?
    /// Set while an action changes a property: the change registers its own opposite.
    private(set) var isApplying = false

    init(core: ModelContextCore, manager: UndoManager) {
        self.core = core
        self.manager = manager
    }

    /// Registers the action that puts back the property at `index` of `model`, about to
    /// change. Called by the model's backing data before each change of a property.
    func registerChange(at index: Int, of model: any PersistentModel) {
        guard !isApplying else { return }
        readNewValue()
        guard let manager, manager.isUndoRegistrationEnabled else { return }
        let change = PropertyChange(model: model, index: index, old: core.undoValue(at: index, of: model))
        awaitingNewValue = change
        manager.registerUndo(withTarget: core) { core in core.undo(change) }
    }

    /// Registers the action that makes `change.old` the property's value again, and whose
    /// own undo makes it `change.new`.
    fileprivate func register(_ change: PropertyChange) {
        guard let manager, manager.isUndoRegistrationEnabled else { return }
        manager.registerUndo(withTarget: core) { core in core.undo(change) }
    }

    /// Registers the action that undoes an insert (`present` false) or a delete
    /// (`present` true) of `model`.
    func registerMembership(_ present: Bool, of model: any PersistentModel) {
        readNewValue()
        guard let manager, manager.isUndoRegistrationEnabled else { return }
        manager.registerUndo(withTarget: core) { core in core.setMembership(of: model, present: present) }
    }

    /// Forgets the change registered last without reading its new value: a rollback
    /// discarded it with its actions. Kept, it would hold its model, and so the context and
    /// its container, alive once the app lets go of the context.
    func forgetAwaitingChange() {
        awaitingNewValue = nil
    }

    /// Reads the new value of the change registered last: it is made by now.
    func readNewValue() {
        guard let change = awaitingNewValue else { return }
        awaitingNewValue = nil
        change.new = core.undoValue(at: change.index, of: change.model)
    }

    /// Runs `body`, in which property changes register nothing of their own.
    fileprivate func applying(_ body: () -> Void) {
        isApplying = true
        defer { isApplying = false }
        body()
    }
}

/// One property change: the value before and the value after.
final class PropertyChange {
    let model: any PersistentModel
    let index: Int
    let old: UndoValue
    /// Read once the change is made (``UndoRecorder/readNewValue()``).
    var new: UndoValue?

    init(model: any PersistentModel, index: Int, old: UndoValue, new: UndoValue? = nil) {
        self.model = model
        self.index = index
        self.old = old
        self.new = new
    }
}

/// A property's value as an undo action puts it back.
enum UndoValue {
    case stored(StoredValue)
    case slot(RelationshipSlot)
}

extension ModelContextCore {
    /// The undo manager that records the context's changes (see ``UndoRecorder``).
    /// Replacing it removes the context's actions from the previous one.
    var undoManager: UndoManager? {
        get { undoRecorder?.manager }
        set {
            guard newValue !== undoRecorder?.manager else { return }
            undoRecorder?.manager?.removeAllActions(withTarget: self)
            undoRecorder = newValue.map { UndoRecorder(core: self, manager: $0) }
        }
    }

    /// Ends the current event of the undo manager: the group its first action opened
    /// (``UndoManager/groupsByEvent``) closes, and the next change starts another. Called
    /// by ``ModelContext/processPendingChanges()`` and ``save()``.
    func endUndoEvent() {
        undoRecorder?.readNewValue()
        undoRecorder?.manager?.endEventGroup()
    }

    /// Removes the context's actions from its undo manager: a rollback discards the
    /// changes they undo, as Core Data's `rollback()` empties the undo stack. Actions
    /// others registered on a shared undo manager stay.
    func removeUndoActions() {
        undoRecorder?.forgetAwaitingChange()
        undoRecorder?.manager?.removeAllActions(withTarget: self)
    }

    /// The value of the property at `index` of `model` as it is now, to put back: as the
    /// app would read it, never "not read yet", since an undo after a save would read the
    /// store as the save changed it.
    fileprivate func undoValue(at index: Int, of model: any PersistentModel) -> UndoValue {
        let backing = model.persistentBackingData
        guard let relationship = backing.entity.properties[index].relationship else {
            let stored = backing.storedValue(at: index)
            return .stored(stored.isNotRead ? backing.readUnreadValue(at: index) : stored)
        }
        let slot = backing.relationship(at: index)
        guard case .notLoaded = slot else { return .slot(slot) }
        if relationship.isToMany { return .slot(.toMany(RelationshipGraph.targets(of: model, at: index))) }
        // A to-one is told by its stored key first, as ``RelationshipGraph/refers`` does: a
        // read leaves out a target deleted in the context, which the change being made may be
        // the nullify of, and whose undo must link the model to it again.
        if case .integer(let key) = backing.storedValue(at: index),
            let target = identityMap[IdentityMap.key(EntityDescriptor.known(relationship.target), key)]
        {
            return .slot(.toOne(target))
        }
        return .slot(.toOne(RelationshipGraph.target(of: model, at: index)))
    }

    /// Undoes a property change: its old value is put back, and the change the other way
    /// round is registered.
    fileprivate func undo(_ change: PropertyChange) {
        undoRecorder?.readNewValue()
        guard let new = change.new else { return }
        set(change.old, at: change.index, of: change.model, replacing: new)
    }

    /// Sets a property of `model` to `value` as a change, and registers the change that puts
    /// back `current`, its value now.
    fileprivate func set(_ value: UndoValue, at index: Int, of model: any PersistentModel, replacing current: UndoValue)
    {
        undoRecorder?.register(PropertyChange(model: model, index: index, old: current, new: value))
        let backing = model.persistentBackingData
        ModelObservation.withMutation(of: model, at: index) {
            if let undoRecorder {
                undoRecorder.applying { backing.willChange(index, of: model) }
            } else {
                backing.willChange(index, of: model)
            }
            switch value {
            case .stored(let stored): backing.setStoredValue(stored, at: index)
            case .slot(let slot): backing.setRelationship(slot, at: index)
            }
        }
    }

    /// Brings `model` back into the context (`present`) or takes it out, and registers the
    /// opposite. The links the change made or cut are slot changes with actions of their
    /// own; what this adds is the inverses a read from the store left out of step
    /// (``linkInverses(of:)``, ``unlinkInverses(of:)``).
    fileprivate func setMembership(of model: any PersistentModel, present: Bool) {
        undoRecorder?.registerMembership(!present, of: model)
        let backing = model.persistentBackingData
        switch (present, backing.state) {
        case (true, .deleted) where backing.context === self:
            // A delete not saved yet: the model is as it was. Without changes of its own it
            // is as its row, which a fetch may show newer: the snapshot the delete kept would
            // make a later rollback bring back older values.
            deletedModels.remove(model)
            backing.state = .persisted
            if !backing.hasChangedProperties { backing.forgetSnapshot() }
            linkInverses(of: model)
        case (true, .detached) where backing.context == nil && backing.primaryKey == nil:
            // Out of the context: a saved delete (its row is gone, and the model makes a new
            // one), or an undone insert.
            backing.join(self)
            backing.state = .inserted
            insertedModels.insert(model)
            linkInverses(of: model)
        case (false, .inserted) where backing.context === self:
            insertedModels.remove(model)
            backing.state = .detached
            unlinkInverses(of: model, asDeleteRulesDo: isRedoing)
            backing.leaveContext()
            // The links its delete rules left go at the next save, as the delete's did.
            if isRedoing {
                discardedInserts.insert(model)
                backing.markLeftByDelete()
            }
        case (false, .persisted) where backing.context === self:
            // A saved insert: its row goes at the next save, as a delete's does.
            backing.readUnreadValuesIfAny()
            backing.inlineExternalData()
            backing.keepSnapshot()
            backing.state = .deleted
            changedModels.remove(model)
            deletedModels.insert(model)
            unlinkInverses(of: model, asDeleteRulesDo: isRedoing)
        default:
            // Already as asked, or merged into another model by an upsert.
            break
        }
        // A change like an insert or a delete: the main context schedules its autosave. A
        // model back from a delete with changes of its own is changed again; one without is
        // as its row (a fetch shows another context's save of it, or leaves it out once its
        // row is deleted, as for any model without changes).
        if backing.state == .persisted, !backing.hasChangedProperties {
            scheduleAutosave()
        } else {
            registerChange(of: model)
        }
    }

    /// Puts a model brought back by an undo into the inverses of its relationships, where
    /// they leave it out: a relationship read from the store while the model was deleted
    /// (or after its delete was saved) does not have it, and such a read is no change, so
    /// no action puts it back. Each addition is a change of its own, with its action.
    private func linkInverses(of model: any PersistentModel) {
        forEachInverse(of: model) { target, inverseIndex, isToMany in
            if isToMany {
                let current = RelationshipGraph.targets(of: target, at: inverseIndex)
                guard !current.contains(where: { $0 === model }) else { return }
                set(.slot(.toMany(current + [model])), at: inverseIndex, of: target, replacing: .slot(.toMany(current)))
            } else if RelationshipGraph.target(of: target, at: inverseIndex) == nil {
                set(.slot(.toOne(model)), at: inverseIndex, of: target, replacing: .slot(.toOne(nil)))
            }
        }
    }

    /// Whether an action runs as a redo: a model taken out of the context then is the
    /// redo of a delete, not the undo of an insert.
    private var isRedoing: Bool { undoRecorder?.manager?.isRedoing == true }

    /// Takes a model an undo or a redo takes out of the context out of the inverses of its
    /// relationships, as a delete's `.nullify` does: a relationship read while the model
    /// was in the context has it, and such a read is no change, so no action takes it out.
    /// With `asDeleteRulesDo` (a redo of a delete), as the delete did: the related models of
    /// its `.deny` and `.noAction` relationships keep pointing at it.
    private func unlinkInverses(of model: any PersistentModel, asDeleteRulesDo: Bool = false) {
        forEachInverse(of: model, skipping: { asDeleteRulesDo && $0.leavesRelatedModelsAtDelete }) {
            target, inverseIndex, isToMany in
            if isToMany {
                let current = RelationshipGraph.targets(of: target, at: inverseIndex)
                guard current.contains(where: { $0 === model }) else { return }
                set(
                    .slot(.toMany(current.filter { $0 !== model })), at: inverseIndex, of: target,
                    replacing: .slot(.toMany(current)))
            } else if RelationshipGraph.refers(target, at: inverseIndex, to: model) {
                set(.slot(.toOne(nil)), at: inverseIndex, of: target, replacing: .slot(.toOne(model)))
            }
        }
    }

    /// Calls `body` with each model of the context that `model`'s relationships refer to,
    /// the index of the inverse relationship, and whether that inverse is to-many.
    private func forEachInverse(
        of model: any PersistentModel, skipping isSkipped: (PropertyDescriptor.Relationship) -> Bool = { _ in false },
        _ body: (any PersistentModel, Int, Bool) -> Void
    ) {
        let entity = model.persistentBackingData.entity
        for property in entity.properties {
            guard let relationship = property.relationship, !isSkipped(relationship),
                let inverseIndex = entity.inverse(of: property.index)?.index
            else { continue }
            let targets =
                relationship.isToMany
                ? RelationshipGraph.targets(of: model, at: property.index)
                : RelationshipGraph.target(of: model, at: property.index).map { [$0] } ?? []
            for target in targets {
                let backing = target.persistentBackingData
                guard backing.context === self, backing.state == .inserted || backing.state == .persisted else {
                    continue
                }
                body(target, inverseIndex, backing.entity.properties[inverseIndex].relationship?.isToMany == true)
            }
        }
    }
}
