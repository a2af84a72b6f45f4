import Foundation

@testable import OpenSwiftData

/// Runs one generated sequence on an OpenSwiftData store (``SequenceStore``: SQLite in a
/// temporary folder, or PostgreSQL) and on the reference, step by step, and checks them against each other: after every save, what a
/// new context fetches and the store's raw row and link counts; after every fetch, its
/// result; after a rollback, the working context's models.
final class SequenceRunner {
    let store: any SequenceStore
    private(set) var container: ModelContainer
    var context: ModelContext
    /// The working context's model for each rid the reference holds.
    var handles: [Int: any PersistentModel] = [:]
    /// The models whose delete was saved, which the sequence may insert again.
    var departedHandles: [Int: any PersistentModel] = [:]
    /// A second context with unsaved changes of its own (ReferenceStore+SecondContext.swift),
    /// and its models, by rid, once it has changed them.
    var second: ModelContext
    var secondHandles: [Int: any PersistentModel] = [:]
    /// The second context's view while it holds changes: the store as it read it in full
    /// when it began, with its link changes since (nil between its saves and rollbacks).
    var secondView: ReferenceStore?
    var reference = ReferenceStore()
    var counts = SequenceCounts()
    var step = 0

    /// Set once the store is migrated to the next version: the steps after it do nothing.
    var migrated = false

    /// The working context's undo manager (each context of the run after a reopen gets it).
    let undoManager = UndoManager()
    /// The reference's states before each change the undo manager can undo, last one last,
    /// and after each undo the undo manager can redo; both emptied at each step that ends
    /// undoing (``GeneratedOperation/endsUndo``).
    var undoStates: [[Int: ReferenceStore.Object]] = []
    var redoStates: [[Int: ReferenceStore.Object]] = []

    /// Whether the working context is the container's main context (which merges other
    /// contexts' saves after each turn of the main actor, and autosaves when `autosaves`):
    /// a driver on the main actor then ends a turn after each step (``afterTurn()``).
    let usesMainContext: Bool
    let autosaves: Bool
    /// Set when another context saved during the step: the main context shows it after the turn.
    var awaitingMerge = false

    private init(
        store: any SequenceStore, container: ModelContainer, working: ModelContext, usesMainContext: Bool,
        autosaves: Bool
    ) {
        self.store = store
        self.container = container
        self.usesMainContext = usesMainContext
        self.autosaves = autosaves
        context = working
        second = ModelContext(container)
        context.undoManager = undoManager
        contexts += [context, second]
    }

    /// A runner whose working context is a context of its own, on `store` (a SQLite store
    /// of its own by default).
    convenience init(store: any SequenceStore = SQLiteSequenceStore()) throws {
        let container = try store.openFirstVersion()
        self.init(
            store: store, container: container, working: ModelContext(container), usesMainContext: false,
            autosaves: false)
    }

    /// A runner whose working context is the container's main context, autosaving or not.
    /// Its sequences do not reopen or migrate the store (the main context is the container's).
    @MainActor convenience init(mainContextAutosaving autosaves: Bool) throws {
        let store = SQLiteSequenceStore()
        let container = try store.openFirstVersion()
        let main = container.mainContext
        main.autosaveEnabled = autosaves
        self.init(store: store, container: container, working: main, usesMainContext: true, autosaves: autosaves)
    }

    /// A container on the SQLite store in `folder`, at ``Generated``'s first version.
    static func openFirstVersion(_ folder: TemporaryFolder) throws -> ModelContainer {
        try ModelContainer(
            for: Schema(versionedSchema: GeneratedV1.self), migrationPlan: GeneratedV1Plan.self,
            configurations: [ModelConfiguration(url: folder.file("store.sqlite"))])
    }

    /// Runs `operations` on a new store, throwing at the first step where OpenSwiftData
    /// and the reference differ; returns the counts, or nil when the run's container
    /// outlived it once the run let go of its contexts (something, a cycle of models and
    /// contexts, keeps it and its SQLite connections alive).
    static func runLettingGo(
        _ operations: [GeneratedOperation],
        on store: @autoclosure () throws -> any SequenceStore = SQLiteSequenceStore()
    ) throws -> SequenceCounts? {
        weak var container: ModelContainer?
        let counts: SequenceCounts
        do {
            let runner = try SequenceRunner(store: try store())
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
    /// rows as stored; "What is supported", "The main context merges other
    /// contexts' saves"), and,
    /// autosaving, saved its changes unless the save must be refused (Apple,
    /// `ModelContext.autosaveEnabled`: "A Boolean value that indicates whether the context
    /// should automatically save any pending changes when certain events occur"; a refused
    /// autosave keeps the changes, as "What is supported", "Autosave", says).
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
    var contexts: [ModelContext] = []

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

    func model(_ rid: Int) throws -> any PersistentModel {
        guard let model = handles[rid] else { throw fail("no model for rid \(rid)") }
        return model
    }

    // MARK: Steps

    func perform(_ operation: GeneratedOperation) throws {
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
    func changesStaleLinks(_ operation: GeneratedOperation) -> Bool {
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

    func performAlone(_ operation: GeneratedOperation) throws {
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
    func undoOrRedo(isUndo: Bool) throws {
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
    func reinsert(among kinds: [GeneratedKind], slot: Int) throws {
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

    func insert(_ kind: GeneratedKind, _ attributes: [String: GeneratedValue], toOne: [String: Int]) throws {
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
    func save() throws {
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
    func refreshIfStale(_ when: String) throws {
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
    func repairAndSave() throws {
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
    func expectGone(_ error: any Error, among gone: [Int], or refusals: [ReferenceStore.Refusal]) throws {
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
    func pruneHandles() {
        for (rid, model) in handles where reference.pending[rid] == nil && reference.departed[rid] != nil {
            departedHandles[rid] = model
        }
        departedHandles = departedHandles.filter {
            reference.pending[$0.key] == nil && reference.departed[$0.key] != nil
        }
        handles = handles.filter { reference.pending[$0.key] != nil }
    }

    func reopen() throws {
        reference.reload()
        context.rollback()
        endSecond()
        handles = [:]
        departedHandles = [:]
        container = try store.openFirstVersion()
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
    func migrate() throws {
        guard store.migrates else { return }
        reference.reload()
        context.rollback()
        endSecond()
        handles = [:]
        container = try store.openNextVersion()
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

}
