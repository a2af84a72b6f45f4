import Foundation
import GRDB

@testable import OpenSwiftData

/// Where a generated sequence and the reference parted: the step and what differed.
struct SequenceFailure: Error, CustomStringConvertible {
    let step: Int
    let message: String

    var description: String { "step \(step): \(message)" }
}

/// What a run did, for the figures a long run reports.
struct SequenceCounts {
    var sequences = 0
    var operations = 0
    var saves = 0
    var refusedSaves = 0
    /// Undos and redos the undo manager made.
    var undos = 0
    /// Deleted models inserted again, and bulk deletes in the working context while it
    /// held unsaved changes.
    var reinserts = 0
    var bulkDeletesAmongChanges = 0
    /// Saves of the second context that wrote links, and those among them that relinked
    /// models the working context had unsaved changes of.
    var secondLinkSaves = 0
    var secondLinkSavesOverChanges = 0
    /// Saves of the second context that deleted rows.
    var secondDeleteSaves = 0
    var checks = 0

    mutating func add(_ other: SequenceCounts) {
        sequences += other.sequences
        operations += other.operations
        saves += other.saves
        refusedSaves += other.refusedSaves
        undos += other.undos
        reinserts += other.reinserts
        bulkDeletesAmongChanges += other.bulkDeletesAmongChanges
        secondLinkSaves += other.secondLinkSaves
        secondLinkSavesOverChanges += other.secondLinkSavesOverChanges
        secondDeleteSaves += other.secondDeleteSaves
        checks += other.checks
    }
}

/// Runs one generated sequence on an OpenSwiftData store in a temporary folder and on the
/// reference, step by step, and checks them against each other: after every save, what a
/// new context fetches and the store's raw row and link counts; after every fetch, its
/// result; after a rollback, the working context's models.
final class SequenceRunner {
    private let folder: TemporaryFolder
    private(set) var container: ModelContainer
    private var context: ModelContext
    /// The working context's model for each rid the reference holds.
    private var handles: [Int: any PersistentModel] = [:]
    /// The models whose delete was saved, which the sequence may insert again.
    private var departedHandles: [Int: any PersistentModel] = [:]
    /// A second context with unsaved changes of its own (ReferenceStore+SecondContext.swift),
    /// and its models, by rid, once it has changed them.
    var second: ModelContext
    var secondHandles: [Int: any PersistentModel] = [:]
    /// The second context's view while it holds changes: the store as it read it in full
    /// when it began, with its link changes since (nil between its saves and rollbacks).
    var secondView: ReferenceStore?
    var reference = ReferenceStore()
    var counts = SequenceCounts()
    private var step = 0

    /// Set once the store is migrated to the next version: the steps after it do nothing.
    private var migrated = false

    /// The working context's undo manager (each context of the run after a reopen gets it).
    private let undoManager = UndoManager()
    /// The reference's states before each change the undo manager can undo, last one last,
    /// and after each undo the undo manager can redo; both emptied at each step that ends
    /// undoing (``GeneratedOperation/endsUndo``).
    private var undoStates: [[Int: ReferenceStore.Object]] = []
    private var redoStates: [[Int: ReferenceStore.Object]] = []

    /// Whether the working context is the container's main context (which merges other
    /// contexts' saves after each turn of the main actor, and autosaves when `autosaves`):
    /// a driver on the main actor then ends a turn after each step (``afterTurn()``).
    let usesMainContext: Bool
    private let autosaves: Bool
    /// Set when another context saved during the step: the main context shows it after the turn.
    var awaitingMerge = false

    private init(
        folder: TemporaryFolder, container: ModelContainer, working: ModelContext, usesMainContext: Bool,
        autosaves: Bool
    ) {
        self.folder = folder
        self.container = container
        self.usesMainContext = usesMainContext
        self.autosaves = autosaves
        context = working
        second = ModelContext(container)
        context.undoManager = undoManager
        contexts += [context, second]
    }

    /// A runner whose working context is a context of its own.
    convenience init() throws {
        let folder = TemporaryFolder()
        let container = try Self.openFirstVersion(folder)
        self.init(
            folder: folder, container: container, working: ModelContext(container), usesMainContext: false,
            autosaves: false)
    }

    /// A runner whose working context is the container's main context, autosaving or not.
    /// Its sequences do not reopen or migrate the store (the main context is the container's).
    @MainActor convenience init(mainContextAutosaving autosaves: Bool) throws {
        let folder = TemporaryFolder()
        let container = try Self.openFirstVersion(folder)
        let main = container.mainContext
        main.autosaveEnabled = autosaves
        self.init(folder: folder, container: container, working: main, usesMainContext: true, autosaves: autosaves)
    }

    /// A container on the store in `folder`, at ``Generated``'s first version.
    static func openFirstVersion(_ folder: TemporaryFolder) throws -> ModelContainer {
        try ModelContainer(
            for: Schema(versionedSchema: GeneratedV1.self), migrationPlan: GeneratedV1Plan.self,
            configurations: [ModelConfiguration(url: folder.file("store.sqlite"))])
    }

    /// Runs `operations` on a new store, throwing at the first step where OpenSwiftData
    /// and the reference differ; returns the counts, or nil when the run's container
    /// outlived it once the run let go of its contexts (something, a cycle of models and
    /// contexts, keeps it and its SQLite connections alive).
    static func runLettingGo(_ operations: [GeneratedOperation]) throws -> SequenceCounts? {
        weak var container: ModelContainer?
        let counts: SequenceCounts
        do {
            let runner = try SequenceRunner()
            container = runner.container
            try runner.run(operations)
            counts = runner.counts
        }
        return container == nil ? counts : nil
    }

    /// Runs `operations`, throwing at the first step where OpenSwiftData and the
    /// reference differ.
    func run(_ operations: [GeneratedOperation]) throws(SequenceFailure) {
        counts.sequences += 1
        for (index, operation) in operations.enumerated() { try runStep(operation, at: index) }
    }

    /// Runs step `index` of a sequence (``run(_:)`` runs them all).
    func runStep(_ operation: GeneratedOperation, at index: Int) throws(SequenceFailure) {
        step = index
        counts.operations += 1
        do {
            try perform(operation)
        } catch let failure as SequenceFailure {
            throw failure
        } catch {
            throw SequenceFailure(step: index, message: "\(operation) threw \(error)")
        }
    }

    /// Checks what the main context did once the main actor ended the step's turn: it
    /// merged another context's save (each model without unsaved changes there shows the
    /// rows as stored; porting guide, "The main context merges other contexts' saves"), and,
    /// autosaving, saved its changes unless the save must be refused (Apple,
    /// `ModelContext.autosaveEnabled`: "A Boolean value that indicates whether the context
    /// should automatically save any pending changes when certain events occur"; a refused
    /// autosave keeps the changes, as the porting guide's "Autosave" says).
    func afterTurn() throws(SequenceFailure) {
        do {
            if awaitingMerge {
                awaitingMerge = false
                reference.refreshUntouched()
                try checkHeld("after the main context merged another context's save")
            }
            if autosaves, reference.hasUnsavedChanges, reference.saveRefusals.isEmpty {
                counts.saves += 1
                reference.save()
                pruneHandles()
                undoManager.removeAllActions()
                undoStates.removeAll()
                redoStates.removeAll()
                try refreshIfStale("after an autosave")
                try checkHeld("after an autosave")
                try checkSaved()
            }
        } catch let failure as SequenceFailure {
            throw failure
        } catch {
            throw SequenceFailure(step: step, message: "after the turn: \(error)")
        }
    }

    /// Every context the run made, to let go of at its end.
    private var contexts: [ModelContext] = []

    /// A context let go of with unsaved changes stays in memory with them (and so keeps
    /// its container and connections open) until they are saved or rolled back: each is
    /// rolled back, so that a long run does not keep every store it made open.
    deinit {
        for context in contexts + [context] { context.rollback() }
    }

    /// A new context of the container, let go of when the run ends.
    func newContext() -> ModelContext {
        let context = ModelContext(container)
        contexts.append(context)
        return context
    }

    func fail(_ message: String) -> SequenceFailure {
        SequenceFailure(step: step, message: message)
    }

    private func model(_ rid: Int) throws -> any PersistentModel {
        guard let model = handles[rid] else { throw fail("no model for rid \(rid)") }
        return model
    }

    // MARK: Steps

    private func perform(_ operation: GeneratedOperation) throws {
        if migrated { return }
        if changesStaleLinks(operation) { return }
        let before = reference.pending
        try performAlone(operation)
        if operation.isUndoable {
            // One undo group per step, as an app's event loop makes one per event.
            context.processPendingChanges()
            if reference.pending != before {
                undoStates.append(before)
                redoStates.removeAll()
            }
        } else if operation.endsUndo {
            undoManager.removeAllActions()
            undoStates.removeAll()
            redoStates.removeAll()
        }
    }

    /// Whether a change of the working context would change a model whose links are not
    /// the reference's to say (``ReferenceStore/staleLinks``): such a step is not made. It is
    /// tried on a copy of the reference (a step whose models do not exist changes nothing).
    private func changesStaleLinks(_ operation: GeneratedOperation) -> Bool {
        guard !reference.staleLinks.isEmpty else { return false }
        var copy = reference
        switch operation {
        case .setToOne(let relationship, let slot, let targetSlot):
            guard let rid = copy.resolve(slot, among: relationship.owner.family) else { return false }
            let target = targetSlot.flatMap { copy.resolve($0, among: relationship.target.family) }
            guard target != nil || targetSlot == nil else { return false }
            copy.setToOne(relationship, of: rid, to: target)
        case .append(let relationship, let slot, let targetSlot), .remove(let relationship, let slot, let targetSlot):
            guard let rid = copy.resolve(slot, among: relationship.owner.family),
                let target = copy.resolve(targetSlot, among: relationship.target.family)
            else { return false }
            if case .append = operation {
                copy.append(relationship, of: rid, target)
            } else {
                copy.remove(relationship, of: rid, target)
            }
        case .replace(let relationship, let slot, _):
            // The models it takes away are those its context read, which may not be the
            // reference's.
            guard let rid = copy.resolve(slot, among: relationship.owner.family) else { return false }
            return reference.staleLinks.contains(rid)
        case .delete(let kind, let slot):
            guard let rid = copy.resolve(slot, among: kind.family) else { return false }
            copy.delete(rid)
        case .insert, .reinsert, .deleteWhere, .upsertClub, .upsertEmployee, .upsertPerson:
            // Their links are worked out as the step runs: not made while any model is stale.
            return true
        default:
            return false
        }
        return reference.staleLinks.contains { copy.pending[$0] != reference.pending[$0] }
    }

    private func performAlone(_ operation: GeneratedOperation) throws {
        switch operation {
        case .insert(let kind, let attributes, let toOne):
            try insert(kind, attributes, toOne: toOne)
        case .change(let kind, let slot, let attribute, let value):
            guard let rid = reference.resolve(slot, among: kind.family) else { return }
            reference.change(rid, attribute, to: value)
            GeneratedModelAccess.set(attribute, value, on: try model(rid))
        case .changeToNotANumber(let kind, let slot, let attribute):
            guard let rid = reference.resolve(slot, among: kind.family) else { return }
            reference.change(rid, attribute, to: .double(.nan))
            GeneratedModelAccess.set(attribute, .double(.nan), on: try model(rid))
            try save()
        case .setToOne(let relationship, let slot, let target):
            try Self.changeLink(.setToOne(relationship, slot: slot, target: target), in: &reference, models: model)
        case .append(let relationship, let slot, let target):
            try Self.changeLink(.append(relationship, slot: slot, target: target), in: &reference, models: model)
        case .remove(let relationship, let slot, let target):
            try Self.changeLink(.remove(relationship, slot: slot, target: target), in: &reference, models: model)
        case .replace(let relationship, let slot, let targetSlots):
            guard let rid = reference.resolve(slot, among: relationship.owner.family) else { return }
            var targets: [Int] = []
            for targetSlot in targetSlots {
                if let target = reference.resolve(targetSlot, among: relationship.target.family),
                    !targets.contains(target)
                {
                    targets.append(target)
                }
            }
            let owner = try model(rid)
            let held = GeneratedModelAccess.targets(relationship.name, of: owner).map(GeneratedModelAccess.rid(of:))
            // The same models in another order: a change of the model, not of any link.
            if Set(held) == Set(targets), held != targets { reference.touch(rid) }
            reference.replace(relationship, of: rid, with: targets)
            GeneratedModelAccess.setToMany(relationship.name, of: owner, to: try targets.map(model))
        case .delete(let kind, let slot):
            guard let rid = reference.resolve(slot, among: kind.family) else { return }
            reference.delete(rid)
            context.delete(try model(rid))
        case .reinsert(let kind, let slot):
            try reinsert(among: kind.family, slot: slot)
        case .deleteWhere(let query):
            if context.hasChanges {
                try deleteInBulkAmongChanges(query)
            } else {
                try deleteInBulk(query, in: context)
            }
        case .deleteWhereInOtherContext(let query):
            try deleteInBulk(query, in: newContext())
        case .save:
            try save()
        case .rollback:
            context.rollback()
            reference.rollback()
            pruneHandles()
            try refreshIfStale("after a rollback")
            try checkHeld("after a rollback")
            try checkWorking("the working context after a rollback")
        case .undo:
            try undoOrRedo(isUndo: true)
        case .redo:
            try undoOrRedo(isUndo: false)
        case .fetch(let query):
            try checkFetch(query, in: context, against: reference.pending)
        case .fetchSaved(let query):
            try checkFetch(query, in: newContext(), against: reference.saved)
            // The same through `fetch(_:batchSize:)`, in batches of one to three models
            // (chosen by the query, so that the generator draws as it did without it).
            try checkFetch(
                query, in: newContext(), against: reference.saved, batchSize: 1 + (query.predicate + query.sort) % 3)
            try checkPartialFetch(query)
        case .enumeratePets(let batchSize, let saveEvery, let query):
            try enumeratePets(batchSize: batchSize, saveEvery: saveEvery, query: query)
        case .changeInOtherContext(let kind, let slot, let attribute, let value):
            try changeInOtherContext(kind, slot: slot, attribute, value)
        case .upsertEmployee(let slot, let salary):
            try upsertEmployee(slot: slot, salary: salary)
        case .upsertPerson(let slot, let asEmployee):
            try upsertPerson(slot: slot, asEmployee: asEmployee)
        case .upsertClub(let slot, let title, let members, let throughInverse, let manager):
            try upsertClub(
                slot: slot, title: title, members: members, throughInverse: throughInverse, manager: manager)
        case .changeInSecond(let kind, let slot, let attribute, let value):
            try changeInSecond(kind, slot: slot, attribute, value)
        case .saveSecond:
            try saveSecond()
        case .rollbackSecond:
            endSecond()
        case .setToOneInSecond(let relationship, let slot, let target):
            try changeLinkInSecond(.setToOne(relationship, slot: slot, target: target))
        case .appendInSecond(let relationship, let slot, let target):
            try changeLinkInSecond(.append(relationship, slot: slot, target: target))
        case .removeInSecond(let relationship, let slot, let target):
            try changeLinkInSecond(.remove(relationship, slot: slot, target: target))
        case .deleteInSecond(let kind, let slot):
            try deleteInSecond(kind, slot: slot)
        case .reopen:
            if !usesMainContext { try reopen() }
        case .migrate:
            if !usesMainContext { try migrate() }
        }
    }

    /// An undo (or a redo) of the undo manager, and of the reference's last state on the
    /// undo (redo) stack, the current one going on the other stack; then both compared.
    private func undoOrRedo(isUndo: Bool) throws {
        guard let state = isUndo ? undoStates.popLast() : redoStates.popLast() else { return }
        if isUndo {
            redoStates.append(reference.pending)
            undoManager.undo()
        } else {
            undoStates.append(reference.pending)
            undoManager.redo()
        }
        counts.undos += 1
        reference.restorePending(state)
        let what = isUndo ? "an undo" : "a redo"
        try checkHeld("after \(what)")
        try checkWorking("the working context after \(what)")
    }

    /// Inserts again the deleted model `slot` names among the deleted models of `kinds`,
    /// unless another model holds one of its unique values (an insert would be an upsert,
    /// which its own step drives).
    private func reinsert(among kinds: [GeneratedKind], slot: Int) throws {
        let candidates = reference.deleted(kinds)
        guard !candidates.isEmpty else { return }
        let rid = candidates[slot % candidates.count]
        guard let object = reference.pending[rid] ?? reference.departed[rid] else { return }
        // A model it holds whose row another context deleted is still the working context's
        // model (a context that is not the main one merges no other context's save), which
        // the reference does not hold: what the re-insert links to is then not its to say.
        let heldElsewhere = object.links.values.joined().contains {
            reference.pending[$0] == nil && reference.departed[$0] == nil
        }
        if heldElsewhere { return }
        for (name, value) in object.attributes where GeneratedKind.uniqueAttributes.contains(name) && value != .null {
            let inUse = { (objects: [Int: ReferenceStore.Object]) in
                objects.contains { $0.key != rid && $0.value.attributes[name] == value }
            }
            if inUse(reference.pending) || inUse(reference.saved) { return }
        }
        guard let model = handles[rid] ?? departedHandles[rid] else { throw fail("no model for deleted rid \(rid)") }
        let isNewRow = reference.pending[rid] == nil
        reference.reinsert(rid)
        context.insert(model)
        handles[rid] = model
        // The second context's model of the rid, if any, names the row that went.
        if isNewRow, secondHandles[rid] != nil { reference.secondRowsGone.insert(rid) }
        counts.reinserts += 1
        // What the returning model and the models it links to show is decided here.
        try checkHeld("after a re-insert")
    }

    private func insert(_ kind: GeneratedKind, _ attributes: [String: GeneratedValue], toOne: [String: Int]) throws {
        var attributes = attributes
        // Each employee has a staff number: one the sequence does not name is its own.
        if kind == .employee, attributes["staffNumber"] == nil { attributes["staffNumber"] = .int(1000 + step) }
        // A unique value in use makes an insert an upsert, which its own step drives.
        for (name, value) in attributes where GeneratedKind.uniqueAttributes.contains(name) && value != .null {
            let inUse = { (objects: [Int: ReferenceStore.Object]) in
                objects.values.contains { $0.attributes[name] == value }
            }
            if inUse(reference.pending) || inUse(reference.saved) { return }
        }
        var targets: [String: Int] = [:]
        for relationship in kind.relationships where !relationship.isToMany {
            guard let slot = toOne[relationship.name] else { continue }
            guard let target = reference.resolve(slot, among: relationship.target.family) else {
                if relationship.isRequired { return }
                continue
            }
            targets[relationship.name] = target
        }
        let rid = reference.insert(kind, attributes: attributes, toOne: targets)
        let holder = try targets["holder"].map(model)
        let model = GeneratedModelAccess.make(kind, rid: rid, holder: holder)
        for (attribute, value) in attributes.sorted(by: { $0.key < $1.key }) {
            GeneratedModelAccess.set(attribute, value, on: model)
        }
        context.insert(model)
        for (name, target) in targets.sorted(by: { $0.key < $1.key }) where name != "holder" {
            GeneratedModelAccess.setToOne(name, of: model, to: try self.model(target))
        }
        handles[rid] = model
    }

    /// Saves the working context. A save the reference refuses must throw an error naming
    /// one of the reasons, and change nothing: the store keeps what it had, and the context
    /// keeps its unsaved changes (Apple, `ModelContext.save()` throws; Core Data leaves a
    /// context's changes in place when its save fails). Then, at every other step, the app's
    /// repair and a retry, which must reach the state the reference then holds; otherwise a
    /// rollback.
    private func save() throws {
        counts.saves += 1
        let refusals = reference.saveRefusals
        let gone = reference.workingSaveGone
        // What the store alone refuses, links another context saved after this one read them:
        // a row the save's deletes leave without its required to-one, a `.deny` the store's
        // links break.
        var written = reference
        written.save()
        let storeRefusals =
            refusals.isEmpty
            ? written.storedRowsMissingRequiredLinks + reference.storeDenials(deletingIn: reference) : []
        do {
            try context.save()
        } catch {
            guard !refusals.isEmpty || !gone.isEmpty || !storeRefusals.isEmpty else {
                throw fail("save failed: \(error)")
            }
            if !gone.isEmpty || !storeRefusals.isEmpty {
                // A model whose row another context deleted, or a link the context never
                // read: the app's repair is a rollback.
                try expectGone(error, among: gone, or: refusals + storeRefusals)
                counts.refusedSaves += 1
                try checkSaved()
                context.rollback()
                reference.rollback()
                pruneHandles()
                try refreshIfStale("after a rollback")
                try checkHeld("after a rollback")
                return
            }
            try expectRefusal(error, among: refusals, "save")
            counts.refusedSaves += 1
            // A required to-one that holds no model is not read: in SwiftData, reading it traps
            // (OpenSwiftData reads the model it held at the last save, if any).
            let unreadable = Set(
                refusals.compactMap { refusal -> Int? in
                    if case .requiredLinkMissing(let rid, _) = refusal { rid } else { nil }
                })
            try checkHeld("after a refused save", leavingRequiredLinksOf: unreadable)
            try checkWorking("the working context after a refused save", leavingRequiredLinksOf: unreadable)
            try checkSaved()
            if step.isMultiple(of: 2) {
                try repairAndSave()
            } else {
                context.rollback()
                reference.rollback()
                pruneHandles()
            }
            return
        }
        if let refusal = refusals.first { throw fail("save succeeded, but \(refusal)") }
        if !gone.isEmpty { throw fail("save succeeded, but rids \(gone) have no row") }
        if let refusal = storeRefusals.first { throw fail("save succeeded, but the store says \(refusal)") }
        reference.save()
        pruneHandles()
        try refreshIfStale("after a save")
        try checkHeld("after a save")
        try checkSaved()
    }

    /// When the working context's models show attributes another context saved over since
    /// they were read, a fetch there, which shows them as stored
    /// (``ReferenceStore/refreshUntouched()``): any read of their rows would (a relationship
    /// read included), so the held models are compared after it.
    private func refreshIfStale(_ when: String) throws {
        guard reference.hasStaleModels else { return }
        try checkWorking("the working context's fetch \(when)")
    }

    /// Every model a fetch in the working context returns equals the reference's: the
    /// models without unsaved changes as stored.
    func checkWorking(_ what: String, leavingRequiredLinksOf unreadable: Set<Int> = []) throws {
        reference.refreshUntouched()
        try check(context, against: reference.pending, what, leavingRequiredLinksOf: unreadable)
    }

    /// Takes away each reason the last save was refused, as an app would (a number for the
    /// NaN, deleting the badge without a holder, deleting the toys that deny their pet's
    /// deletion), and saves again.
    private func repairAndSave() throws {
        while let refusal = reference.saveRefusal {
            switch refusal {
            case .notANumber(let rid, _, let attribute):
                let value: GeneratedValue = attribute == "score" ? .null : .double(0)
                reference.change(rid, attribute, to: value)
                GeneratedModelAccess.set(attribute, value, on: try model(rid))
            case .requiredLinkMissing(let rid, _):
                reference.delete(rid)
                context.delete(try model(rid))
            case .deleteDenied(_, _, let holding):
                for rid in holding {
                    reference.delete(rid)
                    context.delete(try model(rid))
                }
            }
        }
        do {
            try context.save()
        } catch {
            throw fail("the save after a refusal's repair failed: \(error)")
        }
        reference.save()
        pruneHandles()
        try refreshIfStale("after a repaired save")
        try checkHeld("after a repaired save")
        try checkSaved()
    }

    /// `error` is `modelNotFound` naming the working context's model of one of `gone`, or the
    /// refusal of one of `refusals`.
    private func expectGone(_ error: any Error, among gone: [Int], or refusals: [ReferenceStore.Refusal]) throws {
        if case .modelNotFound(let identifier)? = (error as? SwiftDataError)?.cause,
            gone.contains(where: { handles[$0]?.persistentModelID == identifier })
        {
            return
        }
        guard refusals.contains(where: { refusal in (error as? SwiftDataError)?.cause.map(refusal.isNamed) == true })
        else {
            throw fail("save threw \(error), expected modelNotFound naming one of rids \(gone) or \(refusals)")
        }
    }

    /// `error` is the refusal of a save or a bulk delete, naming one of `refusals`.
    func expectRefusal(_ error: any Error, among refusals: [ReferenceStore.Refusal], _ what: String) throws {
        guard let cause = (error as? SwiftDataError)?.cause, refusals.contains(where: { $0.isNamed(by: cause) }) else {
            throw fail(
                "\(what) threw \(error), expected the refusal of \(refusals.map(\.description).joined(separator: "; "))"
            )
        }
    }

    /// Forgets the models the reference no longer holds (deleted, or rolled back), but for
    /// the deleted ones an app may insert again (``ReferenceStore/departed``).
    private func pruneHandles() {
        for (rid, model) in handles where reference.pending[rid] == nil && reference.departed[rid] != nil {
            departedHandles[rid] = model
        }
        departedHandles = departedHandles.filter {
            reference.pending[$0.key] == nil && reference.departed[$0.key] != nil
        }
        handles = handles.filter { reference.pending[$0.key] != nil }
    }

    /// `enumerate` visits what a fetch of the same descriptor returns when it starts (Apple,
    /// `ModelContext.enumerate(_:batchSize:allowEscapingMutations:block:)`: "Enumerates
    /// over the results of a fetch descriptor"), in its order, the context's unsaved changes
    /// included, whatever the block changes or saves.
    private func enumeratePets(batchSize: Int, saveEvery: Int?, query: GeneratedQuery?) throws {
        // Its saves are checked against a context whose models show what is stored.
        if saveEvery != nil, reference.saveRefusal != nil || reference.hasStaleModels { return }
        let expected = query.map { $0.expected(in: reference.pending) } ?? reference.live([.pet])
        var visited: [Int] = []
        let descriptor = query?.petsDescriptor ?? FetchDescriptor<Generated.Pet>()
        try context.enumerate(descriptor, batchSize: batchSize, allowEscapingMutations: true) {
            pet in
            visited.append(pet.rid)
            pet.weight += 1
            reference.change(pet.rid, "weight", to: .double(pet.weight))
            if let saveEvery, visited.count % saveEvery == 0 {
                try context.save()
                reference.save()
            }
        }
        // Without a sort, the order is the store's.
        if query == nil ? visited.sorted() != expected : visited != expected {
            throw fail("enumerate visited \(visited), expected \(expected)")
        }
        if saveEvery != nil { try checkSaved() }
    }

    private func changeInOtherContext(
        _ kind: GeneratedKind, slot: Int, _ attribute: String, _ value: GeneratedValue
    ) throws {
        guard !context.hasChanges, reference.pending == reference.saved,
            let rid = reference.resolve(slot, among: kind.family)
        else { return }
        let other = newContext()
        guard
            let model = try GeneratedModelAccess.fetchAll(kind, in: other).first(where: {
                GeneratedModelAccess.rid(of: $0) == rid
            })
        else { throw fail("another context finds no rid \(rid)") }
        GeneratedModelAccess.set(attribute, value, on: model)
        try other.save()
        reference.changeSaved(rid, attribute, to: value)
        // A fetch shows a registered model without unsaved changes as stored.
        try checkWorking("the working context after another context saved")
    }

    /// `delete(model:where:)` in the working context while its unsaved changes are inserts
    /// and changes of stored models' attributes (porting guide, "Deleting in bulk"): the
    /// inserted and changed models that match, on their current values, are deleted as
    /// `delete(_:)` deletes them, at the next save; the other stored rows that match go at
    /// the call, with their delete rules (a changed model whose row a `.cascade` takes goes
    /// with it); the other changes stay for the next save. A call the store would refuse is
    /// not made here.
    private func deleteInBulkAmongChanges(_ query: GeneratedQuery) throws {
        guard reference.changesAreInsertsAndAttributes, !reference.hasStaleModels else { return }
        let decidedInMemory = reference.touched
        let matching = query.unbounded.expected(in: reference.pending)
        var store = reference.storeAlone()
        for rid in matching where !decidedInMemory.contains(rid) { store.delete(rid) }
        guard store.saveRefusals.isEmpty else { return }
        store.save()
        counts.saves += 1
        do {
            try query.deleteMatching(in: context)
        } catch {
            throw fail("bulk delete among unsaved changes failed: \(error)")
        }
        reference.deletedInStore(leaving: store.saved)
        reference.delete(together: matching.filter(decidedInMemory.contains))
        counts.bulkDeletesAmongChanges += 1
        pruneHandles()
        try checkSaved()
        try checkHeld("after a bulk delete among unsaved changes")
        try checkWorking("the working context after a bulk delete among unsaved changes")
    }

    /// `delete(model:where:)` while the working context holds no unsaved change, in the
    /// working context or another one. As SwiftData's batch delete, it writes to the
    /// store when called: SQL alone chooses the rows and applies their delete rules, and a
    /// refusal throws from the call, deleting nothing. The working context shows the
    /// result once it fetches again.
    private func deleteInBulk(_ query: GeneratedQuery, in target: ModelContext) throws {
        guard !context.hasChanges, reference.pending == reference.saved else { return }
        for rid in query.unbounded.expected(in: reference.pending) { reference.delete(rid) }
        let refusals = reference.saveRefusals
        counts.saves += 1
        do {
            try query.deleteMatching(in: target)
        } catch {
            guard !refusals.isEmpty else { throw fail("bulk delete failed: \(error)") }
            try expectRefusal(error, among: refusals, "bulk delete")
            counts.refusedSaves += 1
            reference.rollback()
            guard !target.hasChanges else { throw fail("a refused bulk delete left changes in its context") }
            return
        }
        if let refusal = refusals.first { throw fail("bulk delete succeeded, but \(refusal)") }
        guard !target.hasChanges else { throw fail("a bulk delete left changes in its context") }
        reference.save(inBulk: true)
        pruneHandles()
        try checkSaved()
        try checkWorking("the working context after another context deleted in bulk")
    }

    /// Find-or-create of a club by its unique code, with members (set on the new club, or
    /// the club added to each person's clubs) and maybe a manager: the row is updated, keeps
    /// its other members and gains these, and takes the manager (SwiftData's upsert: WWDC23
    /// "Model your schema with SwiftData", a model inserted with a stored model's unique
    /// value updates that row; nothing there removes the row's other links), and the context
    /// keeps one live model for the row, which the persons and the manager now hold.
    private func upsertClub(
        slot: Int, title: String, members memberSlots: [Int], throughInverse: Bool, manager managerSlot: Int?
    ) throws {
        guard !context.hasChanges, reference.pending == reference.saved,
            let rid = reference.resolve(slot, among: [.club]),
            case .string(let code) = reference.saved[rid]!.attributes["code"]!
        else { return }
        var members: [Int] = []
        for memberSlot in memberSlots {
            if let member = reference.resolve(memberSlot, among: [.person, .employee]), !members.contains(member) {
                members.append(member)
            }
        }
        let manager = managerSlot.flatMap { reference.resolve($0, among: [.employee]) }
        let registered = try model(rid)
        let upsert = Generated.Club(rid: rid, code: code, title: title)
        context.insert(upsert)
        if throughInverse {
            for member in members { GeneratedModelAccess.append("clubs", of: try model(member), upsert) }
        } else if !members.isEmpty {
            GeneratedModelAccess.setToMany("members", of: upsert, to: try members.map(model))
        }
        if let manager { GeneratedModelAccess.setToOne("manager", of: upsert, to: try model(manager)) }
        try context.save()
        reference.change(rid, "title", to: .string(title))
        let relationship = reference.relationship("members", of: rid)
        for member in members where !reference.pending[rid]!.links["members"]!.contains(member) {
            reference.append(relationship, of: rid, member)
        }
        if let manager { reference.setToOne(reference.relationship("manager", of: rid), of: rid, to: manager) }
        reference.save()
        try checkUpsert(of: rid, .club, registered: registered, inserted: upsert)
    }

    /// Find-or-create of an employee by its staff number, unique in the subclass: the row
    /// takes every attribute of the new model (its initializer's values and this salary),
    /// keeps its links (the new model sets none), and the context keeps one live model for it.
    private func upsertEmployee(slot: Int, salary: Int) throws {
        guard !context.hasChanges, reference.pending == reference.saved,
            let rid = reference.resolve(slot, among: [.employee]),
            case .int(let number) = reference.saved[rid]!.attributes["staffNumber"]!
        else { return }
        let registered = try model(rid)
        let upsert = Generated.Employee(rid: rid, name: "", salary: salary)
        upsert.staffNumber = number
        context.insert(upsert)
        try context.save()
        for name in GeneratedKind.employee.attributes {
            let value: GeneratedValue =
                switch name {
                case "salary": .int(salary)
                case "staffNumber": .int(number)
                default: .initial(name, of: .employee)
                }
            reference.change(rid, name, to: value)
        }
        reference.save()
        try checkUpsert(of: rid, .employee, registered: registered, inserted: upsert)
    }

    /// Find-or-create of a person by its handle, as a person or an employee: of the stored
    /// row's class, the row takes every attribute of the new model (its initializer's values,
    /// the handle, and the row's staff number for an employee) and keeps its links; of the
    /// other class, the save throws `uniqueValueOfAnotherClass` (porting guide, "An upsert
    /// updates a row of its own class"), writes nothing, and the context rolls back.
    private func upsertPerson(slot: Int, asEmployee: Bool) throws {
        let handled = reference.saved.filter { $0.value.attributes["handle"].map { $0 != .null } ?? false }.keys
            .sorted()
        guard !context.hasChanges, reference.pending == reference.saved, !handled.isEmpty else { return }
        let rid = handled[slot % handled.count]
        let stored = reference.saved[rid]!
        let kind: GeneratedKind = asEmployee ? .employee : .person
        let registered = try model(rid)
        let upsert = GeneratedModelAccess.make(kind, rid: rid, holder: nil)
        GeneratedModelAccess.set("handle", stored.attributes["handle"]!, on: upsert)
        // An employee's staff number is unique too: the row's, or one no row holds.
        let staffNumber = stored.attributes["staffNumber"] ?? .int(2000 + step)
        if asEmployee { GeneratedModelAccess.set("staffNumber", staffNumber, on: upsert) }
        context.insert(upsert)
        counts.saves += 1
        guard stored.kind == kind else {
            do {
                try context.save()
            } catch {
                guard case .uniqueValueOfAnotherClass? = (error as? SwiftDataError)?.cause else {
                    throw fail("an upsert of a \(stored.kind.rawValue) row as a \(kind.rawValue) threw \(error)")
                }
                counts.refusedSaves += 1
                context.rollback()
                try checkHeld("after a refused upsert across classes")
                try checkSaved()
                return
            }
            throw fail("an upsert of a \(stored.kind.rawValue) row as a \(kind.rawValue) succeeded")
        }
        try context.save()
        for name in kind.attributes {
            let value: GeneratedValue =
                switch name {
                case "handle": stored.attributes["handle"]!
                case "staffNumber": staffNumber
                default: .initial(name, of: kind)
                }
            reference.change(rid, name, to: value)
        }
        reference.save()
        try checkUpsert(of: rid, kind, registered: registered, inserted: upsert)
    }

    /// After an upsert of `rid`: one model of the row in the context, the one it held, which
    /// the fetch returns; then the held models and the store.
    private func checkUpsert(
        of rid: Int, _ kind: GeneratedKind, registered: any PersistentModel, inserted: any PersistentModel
    ) throws {
        let fetched = try GeneratedModelAccess.fetchAll(kind, in: context).filter {
            GeneratedModelAccess.rid(of: $0) == rid
        }
        guard fetched.count == 1 else { throw fail("an upsert left \(fetched.count) models for rid \(rid)") }
        let live = [registered, inserted].filter { $0.modelContext != nil }
        if live.count != 1 || live[0] !== fetched[0] {
            throw fail(
                "an upsert left \(live.count) live models for one row, the fetch returning \(live.contains { $0 === fetched[0] } ? "one of them" : "another")"
            )
        }
        handles[rid] = fetched[0]
        try checkHeld("after an upsert")
        try checkSaved()
    }

    private func reopen() throws {
        reference.reload()
        context.rollback()
        endSecond()
        handles = [:]
        departedHandles = [:]
        container = try Self.openFirstVersion(folder)
        context = newContext()
        context.undoManager = undoManager
        second = newContext()
        for kind in GeneratedQuery.kinds {
            for model in try GeneratedModelAccess.fetchAll(kind, in: context) {
                handles[GeneratedModelAccess.rid(of: model)] = model
            }
        }
        try check(context, against: reference.pending, "a reopened store")
    }

    /// Opens the store with the next version, which migrates it, and checks that every
    /// saved model and link came through as the migration's changes say.
    private func migrate() throws {
        reference.reload()
        context.rollback()
        endSecond()
        handles = [:]
        container = try ModelContainer(
            for: Schema(versionedSchema: GeneratedV2.self), migrationPlan: GeneratedMigrationPlan.self,
            configurations: [ModelConfiguration(url: folder.file("store.sqlite"))])
        migrated = true
        counts.checks += 1
        let found = try GeneratedNextVersionAccess.objects(in: newContext())
        let expected = reference.saved.mapValues(GeneratedNextVersionAccess.migrated)
        guard found != expected else { return }
        for rid in Set(found.keys).union(expected.keys).sorted() where found[rid] != expected[rid] {
            throw fail(
                "after the migration, rid \(rid) is \(describe(found[rid])), expected \(describe(expected[rid]))")
        }
    }

    // MARK: Checks

    func checkSaved() throws {
        try check(newContext(), against: reference.saved, "a new context after a save")
        try checkRowCounts()
        try checkStoreInvariants()
    }

    private func checkFetch(
        _ query: GeneratedQuery, in context: ModelContext, against objects: [Int: ReferenceStore.Object],
        batchSize: Int? = nil
    ) throws {
        counts.checks += 1
        let found = try query.run(in: context, batchSize: batchSize)
        let expected = query.expected(in: objects)
        let how = batchSize.map { "fetch(_:batchSize: \($0))" } ?? "fetch"
        if found != expected { throw fail("\(how) \(query) returned rids \(found), expected \(expected)") }
    }

    /// The same fetch in a new context with `propertiesToFetch` and prefetched
    /// relationships: the same models in the same order, each reading every attribute and
    /// link as saved (what the fetch left out is read when asked for).
    private func checkPartialFetch(_ query: GeneratedQuery) throws {
        counts.checks += 1
        let models = try query.runPartially(in: newContext())
        let expected = query.expected(in: reference.saved)
        let found = models.map(GeneratedModelAccess.rid(of:))
        if found != expected { throw fail("a partial fetch \(query) returned rids \(found), expected \(expected)") }
        for (rid, model) in zip(found, models) where snapshot(model) != reference.saved[rid] {
            throw fail(
                "a model of a partial fetch \(query), rid \(rid), is \(describe(snapshot(model))), "
                    + "expected \(describe(reference.saved[rid]))")
        }
    }

    /// Every model the working context holds, as the app holds it (no fetch, which may bring
    /// a model up to date), equals the reference's; the required to-ones of the models
    /// `leavingRequiredLinksOf` names are not read.
    func checkHeld(_ when: String, leavingRequiredLinksOf unreadable: Set<Int> = []) throws {
        counts.checks += 1
        for (rid, model) in handles.sorted(by: { $0.key < $1.key }) {
            guard let expected = reference.pending[rid], !expected.isDeleted else { continue }
            let skipsRequired = unreadable.contains(rid) || Self.holdsNoRequiredLink(expected)
            if reference.staleLinks.contains(rid) {
                let held = snapshot(model, leavingLinksAs: expected)
                if held != expected {
                    throw fail(
                        "\(when), the held model of rid \(rid) is \(describe(held)), expected \(describe(expected))")
                }
                continue
            }
            let held = snapshot(model, leavingRequiredLinksAs: skipsRequired ? expected : nil)
            if held != expected {
                throw fail("\(when), the held model of rid \(rid) is \(describe(held)), expected \(describe(expected))")
            }
            // Each related model is the context's own, not one that left it (an upsert's
            // inserted model, a deleted one), unless the reference holds a deleted model there
            // (a `.deny` or `.noAction` delete not saved yet).
            for relationship in expected.kind.relationships where !skipsRequired || !relationship.isRequired {
                for target in GeneratedModelAccess.targets(relationship.name, of: model)
                where target.modelContext !== context
                    && reference.pending[GeneratedModelAccess.rid(of: target)]?.isDeleted != true
                {
                    throw fail(
                        "\(when), the held model of rid \(rid) holds in \(relationship) a model of rid "
                            + "\(GeneratedModelAccess.rid(of: target)) that is not the context's")
                }
            }
        }
    }

    /// Whether the reference's model holds no model in a required to-one (a badge taken out
    /// of its holder's badges, and an undo or a redo back to that state): reading it traps in
    /// SwiftData, so it is not read.
    private static func holdsNoRequiredLink(_ object: ReferenceStore.Object) -> Bool {
        object.kind.relationships.contains { $0.isRequired && object.links[$0.name]!.isEmpty }
    }

    /// Every model `context` fetches, with its attributes and links, equals the reference's;
    /// the required to-ones of the models `leavingRequiredLinksOf` names are not read.
    private func check(
        _ context: ModelContext, against objects: [Int: ReferenceStore.Object], _ what: String,
        leavingRequiredLinksOf unreadable: Set<Int> = []
    ) throws {
        counts.checks += 1
        var seen: [Int: ReferenceStore.Object] = [:]
        for kind in GeneratedQuery.kinds {
            for model in try GeneratedModelAccess.fetchAll(kind, in: context) {
                let rid = GeneratedModelAccess.rid(of: model)
                if let handle = handles[rid], context === self.context, handle !== model {
                    throw fail("in \(what), rid \(rid) has two instances")
                }
                let expected = objects[rid]
                let skipsRequired = unreadable.contains(rid) || expected.map(Self.holdsNoRequiredLink) == true
                if context === self.context, reference.staleLinks.contains(rid), let expected {
                    seen[rid] = snapshot(model, leavingLinksAs: expected)
                    continue
                }
                seen[rid] = snapshot(model, leavingRequiredLinksAs: skipsRequired ? expected : nil)
            }
        }
        let expected = objects.filter { !$0.value.isDeleted }
        guard seen != expected else { return }
        for rid in Set(seen.keys).union(expected.keys).sorted() where seen[rid] != expected[rid] {
            throw fail("in \(what), rid \(rid) is \(describe(seen[rid])), expected \(describe(expected[rid]))")
        }
    }

    /// The model as the reference describes one; with `expected`, its required to-ones are
    /// not read but taken from `expected`.
    /// The model's attributes, with the links of `expected` (``ReferenceStore/staleLinks``).
    private func snapshot(_ model: any PersistentModel, leavingLinksAs expected: ReferenceStore.Object)
        -> ReferenceStore.Object
    {
        let kind = GeneratedModelAccess.kind(of: model)
        var attributes: [String: GeneratedValue] = [:]
        for name in kind.attributes { attributes[name] = GeneratedModelAccess.value(name, of: model) }
        return ReferenceStore.Object(kind: kind, attributes: attributes, links: expected.links)
    }

    private func snapshot(_ model: any PersistentModel, leavingRequiredLinksAs expected: ReferenceStore.Object? = nil)
        -> ReferenceStore.Object
    {
        let kind = GeneratedModelAccess.kind(of: model)
        var attributes: [String: GeneratedValue] = [:]
        for name in kind.attributes { attributes[name] = GeneratedModelAccess.value(name, of: model) }
        var links: [String: Set<Int>] = [:]
        for relationship in kind.relationships {
            if let expected, relationship.isRequired {
                links[relationship.name] = expected.links[relationship.name]
                continue
            }
            links[relationship.name] = Set(
                GeneratedModelAccess.targets(relationship.name, of: model).map(GeneratedModelAccess.rid(of:)))
        }
        return ReferenceStore.Object(kind: kind, attributes: attributes, links: links)
    }

    private func describe(_ object: ReferenceStore.Object?) -> String {
        guard let object else { return "absent" }
        let attributes = object.attributes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let links = object.links.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted())" }
        return "\(object.kind.rawValue)(\((attributes + links).joined(separator: ", ")))"
    }

    /// The store's raw counts, read with SQL on a connection of its own: rows per table,
    /// join-table rows, and link columns that are set.
    private func checkRowCounts() throws {
        counts.checks += 1
        let saved = reference.saved
        let count = { (kinds: [GeneratedKind]) in saved.values.filter { kinds.contains($0.kind) }.count }
        let links = { (kind: GeneratedKind, name: String) in
            saved.values.filter { kind.family.contains($0.kind) }.map { $0.links[name]!.count }.reduce(0, +)
        }
        let expected: [(String, Int)] = [
            ("SELECT COUNT(*) FROM Person", count([.person, .employee])),
            ("SELECT COUNT(*) FROM Employee", count([.employee])),
            ("SELECT COUNT(*) FROM Pet", count([.pet])),
            ("SELECT COUNT(*) FROM Toy", count([.toy])),
            ("SELECT COUNT(*) FROM Club", count([.club])),
            ("SELECT COUNT(*) FROM Badge", count([.badge])),
            ("SELECT COUNT(owner) FROM Pet", links(.pet, "owner")),
            ("SELECT COUNT(pet) FROM Toy", links(.toy, "pet")),
            ("SELECT COUNT(sponsor) FROM Toy", links(.toy, "sponsor")),
            ("SELECT COUNT(holder) FROM Badge", links(.badge, "holder")),
            ("SELECT COUNT(mentor) FROM Person", links(.person, "mentor")),
            ("SELECT COUNT(manager) FROM Club", links(.club, "manager")),
            ("SELECT COUNT(favorite) FROM Pet", links(.pet, "favorite")),
            ("SELECT COUNT(favoriteOf) FROM Toy", links(.toy, "favoriteOf")),
            ("SELECT COUNT(*) FROM \(Self.membershipTable)", links(.club, "members")),
        ]
        let queue = try DatabaseQueue(path: folder.file("store.sqlite").path, configuration: Self.readOnly)
        let found = try queue.read { db in try expected.map { try Int.fetchOne(db, sql: $0.0) ?? -1 } }
        for ((sql, want), got) in zip(expected, found) where want != got {
            throw fail("\(sql) is \(got), expected \(want)")
        }
    }

    /// What no save may leave in the store, whatever the sequence, read on a connection of
    /// the test's own: a key that names no row, a required key that is NULL, a join row of a
    /// row that is gone, a unique value held twice, an external-data file a row names that is
    /// missing or a file no row names, and anything SQLite's integrity check reports.
    private func checkStoreInvariants() throws {
        counts.checks += 1
        let url = folder.file("store.sqlite")
        let queue = try DatabaseQueue(path: url.path, configuration: Self.readOnly)
        let (violations, integrity, named) = try queue.read { db in
            let violations = try Self.invariants.map { ($0.0, try Int.fetchOne(db, sql: $0.1) ?? -1) }
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            let named = try String.fetchAll(db, sql: "SELECT photo FROM Person WHERE typeof(photo) = 'text'")
            return (violations, integrity, named)
        }
        for (what, count) in violations where count != 0 { throw fail("the store has \(count) \(what)") }
        if integrity != ["ok"] { throw fail("the integrity check reports \(integrity)") }
        let files = Set(ExternalDataFolder(storeURL: url).fileNames())
        if files != Set(named) {
            throw fail(
                "external files missing: \(Set(named).subtracting(files).sorted()), "
                    + "named by no row: \(files.subtracting(named).sorted())")
        }
    }

    /// Each invariant of ``checkStoreInvariants()``: what breaks it, and the SQL that counts
    /// the rows that do. (`IS NOT NULL` first: `NULL NOT IN` an empty table is true.)
    private static let invariants: [(String, String)] = [
        (
            "pets whose owner is no person",
            "SELECT COUNT(*) FROM Pet WHERE owner IS NOT NULL AND owner NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "toys whose pet is no pet",
            "SELECT COUNT(*) FROM Toy WHERE pet IS NOT NULL AND pet NOT IN (SELECT _pk FROM Pet)"
        ),
        (
            "toys whose sponsor is no club",
            "SELECT COUNT(*) FROM Toy WHERE sponsor IS NOT NULL AND sponsor NOT IN (SELECT _pk FROM Club)"
        ),
        (
            "badges without a holder",
            "SELECT COUNT(*) FROM Badge WHERE holder IS NULL OR holder NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "memberships of a club or a person that is gone",
            "SELECT COUNT(*) FROM \(membershipTable) WHERE source NOT IN (SELECT _pk FROM Club) "
                + "OR target NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "employees without their person row",
            "SELECT COUNT(*) FROM Employee WHERE _pk NOT IN (SELECT _pk FROM Person)"
        ),
        ("club codes held twice", "SELECT COUNT(*) - COUNT(DISTINCT code) FROM Club"),
        ("staff numbers held twice", "SELECT COUNT(*) - COUNT(DISTINCT staffNumber) FROM Employee"),
        (
            "persons whose mentor is no person",
            "SELECT COUNT(*) FROM Person WHERE mentor IS NOT NULL AND mentor NOT IN (SELECT _pk FROM Person)"
        ),
        (
            "clubs whose manager is no employee",
            "SELECT COUNT(*) FROM Club WHERE manager IS NOT NULL AND manager NOT IN (SELECT _pk FROM Employee)"
        ),
        (
            "pets whose favorite toy is not theirs (a one-to-one has a key on each side)",
            "SELECT COUNT(*) FROM Pet WHERE favorite IS NOT NULL "
                + "AND favorite NOT IN (SELECT _pk FROM Toy WHERE favoriteOf = Pet._pk)"
        ),
        (
            "toys whose pet's favorite is not the toy",
            "SELECT COUNT(*) FROM Toy WHERE favoriteOf IS NOT NULL "
                + "AND favoriteOf NOT IN (SELECT _pk FROM Pet WHERE favorite = Toy._pk)"
        ),
    ]

    private static let membershipTable = "Club_members"

    private static var readOnly: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        return configuration
    }
}

extension ReferenceStore.Refusal {
    /// Whether an error's cause names this reason: the same rule, the same property, and
    /// the model's entity (a relationship or attribute declared by `Person` may be named
    /// for an `Employee`, or the other way round).
    func isNamed(by cause: SwiftDataError.Cause) -> Bool {
        switch (self, cause) {
        case (.requiredLinkMissing(_, let declared), .requiredRelationshipMissing(let entity, let relationship, _)),
            (.deleteDenied(_, let declared, _), .deleteDenied(let entity, let relationship, _)):
            return relationship == declared.name && declared.owner.family.map(\.rawValue).contains(entity)
        case (.notANumber(_, let kind, let attribute), .valueNotStored(let entity, let property, _)):
            let entities: [GeneratedKind] = kind == .employee ? [.employee, .person] : [kind]
            return property == attribute && entities.map(\.rawValue).contains(entity)
        default:
            return false
        }
    }
}
