/// The semantics the generated sequences are checked against, written plainly in Swift:
/// SwiftData's rules for inverses and delete rules, with no storage at all.
///
/// It keeps what the store holds (`saved`), what the working context holds now
/// (`pending`), and what the working context held at its last save, rollback or fetch
/// (`base`), which a rollback goes back to. A save writes the working context's changes
/// into `saved`, only the attributes it changed over a row another context changed since
/// (``save()``). Models are named by `rid`, an identity no operation changes.
///
/// Each rule names where SwiftData's behaviour comes from. "Apple:" quotes the page of
/// SwiftData's documentation (developer.apple.com/documentation/swiftdata/…) that states
/// it; "WWDC23" names the session; "Divergence" marks a rule where OpenSwiftData refuses
/// where SwiftData would lose data, as the porting guide's "What differs on purpose" lists,
/// and states SwiftData's rule beside it.
struct ReferenceStore {
    /// One model: its kind, attributes, and the rids each relationship holds (a to-one
    /// holds at most one). A deleted model stays, flagged, until the save, as its delete
    /// rules still answer for it there.
    struct Object: Hashable {
        var kind: GeneratedKind
        var attributes: [String: GeneratedValue]
        var links: [String: Set<Int>]
        var isDeleted = false
    }

    var saved: [Int: Object] = [:]
    private(set) var pending: [Int: Object] = [:]
    /// The models whose delete was saved, as the app's model objects still hold them: the
    /// attributes and links they had at that save (``reinsert(_:)``).
    private(set) var departed: [Int: Object] = [:]
    /// The links each deleted model let go of at its delete: those to the models deleted
    /// before it or with it (``delete(_:)``).
    private var droppedAtDelete: [Int: [String: Set<Int>]] = [:]
    private(set) var base: [Int: Object] = [:]
    private var nextRID = 1
    /// The models whose attributes or links the working context changed since its last save
    /// or rollback (an undo of a change is a change too), and the attributes set on each.
    private var changed: Set<Int> = []
    private(set) var changedAttributes: [Int: Set<String>] = [:]
    /// The to-one relationships set on each model since the last save or rollback, their
    /// inverse's upkeep included: the columns a save writes (``linkWrites``).
    private(set) var changedToOnes: [Int: Set<String>] = [:]

    /// The models with unsaved changes in the working context: changed, inserted or deleted.
    var touched: Set<Int> {
        changed.union(
            pending.filter { $0.value.isDeleted || (saved[$0.key] == nil && !rowsGone.contains($0.key)) }.keys)
    }
    /// The second context's unsaved changes (ReferenceStore+SecondContext.swift).
    var secondChanges: [Int: [String: GeneratedValue]] = [:]
    /// The rids whose model in the second context names a row that is gone, though the
    /// rid has a row again: a model of the working context inserted again after its delete
    /// was saved is a new row.
    var secondRowsGone: Set<Int> = []
    /// The models whose links another context saved while the working context had unsaved
    /// changes of them: what they show of their links is not the reference's to say until
    /// a fetch shows them as stored (a relationship the context has not read yet reads
    /// the store, one it has read keeps what it read), so their links are not compared,
    /// and no step changes them.
    var staleLinks: Set<Int> = []
    /// The models the working context holds whose rows another context deleted since
    /// (ReferenceStore+RowsGone.swift).
    var rowsGone: Set<Int> = []

    /// The live models of these kinds, in the order they were inserted.
    func live(_ kinds: [GeneratedKind]) -> [Int] {
        pending.filter { !$0.value.isDeleted && kinds.contains($0.value.kind) }.keys.sorted()
    }

    /// The live model a slot names among `kinds`, or nil when there is none.
    func resolve(_ slot: Int, among kinds: [GeneratedKind]) -> Int? {
        let candidates = live(kinds)
        return candidates.isEmpty ? nil : candidates[slot % candidates.count]
    }

    // MARK: Changes

    /// Inserts a new model and returns its rid. Its to-one links are set as a property
    /// set would set them, inverses included.
    ///
    /// Apple, `ModelContext.insert(_:)`: "Registers the specified model with the context so
    /// it can include the model in the next save operation." A model's attributes start at
    /// its initializer's values (`initial(_:of:)`).
    mutating func insert(_ kind: GeneratedKind, attributes: [String: GeneratedValue], toOne: [String: Int]) -> Int {
        let rid = nextRID
        nextRID += 1
        var values: [String: GeneratedValue] = [:]
        for name in kind.attributes { values[name] = attributes[name] ?? .initial(name, of: kind) }
        pending[rid] = Object(
            kind: kind, attributes: values,
            links: Dictionary(uniqueKeysWithValues: kind.relationships.map { ($0.name, []) }))
        for (name, target) in toOne.sorted(by: { $0.key < $1.key }) {
            setToOne(relationship(name, of: rid), of: rid, to: target)
        }
        return rid
    }

    /// Setting an attribute to the value it holds is no change (porting guide,
    /// "Observation": "setting a property to its current value announces nothing"; Core
    /// Data's `changedValues` leaves such a property out), unless it was changed since the
    /// last save; NaN, which no row holds, is always one.
    mutating func change(_ rid: Int, _ attribute: String, to value: GeneratedValue) {
        if pending[rid]?.attributes[attribute] == value, !value.isNotANumber,
            changedAttributes[rid]?.contains(attribute) != true
        {
            return
        }
        pending[rid]?.attributes[attribute] = value
        changed.insert(rid)
        changedAttributes[rid, default: []].insert(attribute)
    }

    /// The relationship named `name` of a model.
    func relationship(_ name: String, of rid: Int) -> GeneratedRelationship {
        pending[rid]!.kind.relationships.first { $0.name == name }!
    }

    mutating func setToOne(_ relationship: GeneratedRelationship, of rid: Int, to target: Int?) {
        if let target { return link(rid, relationship, target) }
        guard !pending[rid]!.links[relationship.name]!.isEmpty else { return }
        for old in pending[rid]!.links[relationship.name]! { unlinkOneSide(old, relationship.inverse, rid) }
        pending[rid]!.links[relationship.name] = []
        changed.insert(rid)
        changedToOnes[rid, default: []].insert(relationship.name)
    }

    mutating func append(_ relationship: GeneratedRelationship, of rid: Int, _ target: Int) {
        link(rid, relationship, target)
    }

    mutating func remove(_ relationship: GeneratedRelationship, of rid: Int, _ target: Int) {
        guard pending[rid]!.links[relationship.name]!.contains(target) else { return }
        pending[rid]!.links[relationship.name]!.remove(target)
        changed.insert(rid)
        unlinkOneSide(target, relationship.inverse, rid)
    }

    mutating func replace(_ relationship: GeneratedRelationship, of rid: Int, with targets: [Int]) {
        let kept = Set(targets)
        for old in pending[rid]!.links[relationship.name]! where !kept.contains(old) {
            remove(relationship, of: rid, old)
        }
        for target in targets { link(rid, relationship, target) }
    }

    /// Links `rid` to `target`, and `target` back: a to-one inverse first leaves the model
    /// it held, a to-one relationship first leaves its old target.
    ///
    /// Apple, `Relationship(_:deleteRule:minimumModelCount:maximumModelCount:originalName:inverse:hashModifier:)`:
    /// `inverse` is "the key path to the inverse relationship"; WWDC23 "Model your schema
    /// with SwiftData" (10195) and "Dive deeper into SwiftData" (10196): SwiftData keeps both
    /// sides of an inverse pair in step, so that setting one side updates the other.
    private mutating func link(_ rid: Int, _ relationship: GeneratedRelationship, _ target: Int) {
        // Setting what the relationship holds already changes nothing (nor marks a change).
        let held = pending[rid]!.links[relationship.name]!
        if relationship.isToMany ? held.contains(target) : held == [target] { return }
        if !relationship.isToMany {
            for old in pending[rid]!.links[relationship.name]! where old != target {
                unlinkOneSide(old, relationship.inverse, rid)
            }
            pending[rid]!.links[relationship.name] = []
            changedToOnes[rid, default: []].insert(relationship.name)
        }
        if !relationship.inverseRelationship.isToMany {
            for old in pending[target]!.links[relationship.inverse]! where old != rid {
                unlinkOneSide(old, relationship.name, target)
            }
            pending[target]!.links[relationship.inverse] = []
        }
        pending[rid]!.links[relationship.name]!.insert(target)
        // The model set is changed; the other only when its side changes.
        changed.insert(rid)
        if pending[target]!.links[relationship.inverse]!.insert(rid).inserted {
            changed.insert(target)
            if !relationship.inverseRelationship.isToMany {
                changedToOnes[target, default: []].insert(relationship.inverse)
            }
        }
    }

    private mutating func unlinkOneSide(_ rid: Int, _ name: String, _ target: Int) {
        guard pending[rid]?.links[name]?.remove(target) != nil else { return }
        changed.insert(rid)
        if !relationship(name, of: rid).isToMany { changedToOnes[rid, default: []].insert(name) }
    }

    /// Marks a model deleted and runs its delete rules, as `ModelContext.delete` does:
    /// `.cascade` deletes the related models, `.nullify` takes it out of their inverse,
    /// `.deny` leaves both sides for the save to judge, `.noAction` leaves the related
    /// models pointing at it until the save, which drops every link to a deleted model.
    ///
    /// Apple, `ModelContext.delete(_:)`: "Removes the specified model from the persistent
    /// storage during the next save operation. … If the model is new and in an unsaved
    /// state, the context simply discards it." `Schema.Relationship.DeleteRule`: `.cascade`,
    /// "A rule that deletes any related models"; `.nullify`, "A rule that nullifies the
    /// related model's reference to the deleted model"; `.deny`, "A rule that prevents the
    /// deletion of a model because it contains one or more references to other models";
    /// `.noAction`, "A rule that doesn't make changes to any related models" (its discussion:
    /// the related models "may reference models that don't exist"). Divergence for
    /// `.noAction` (porting guide, "`.noAction` after the save"): once the delete is saved,
    /// SwiftData's related models still name a model whose row is gone, which traps when
    /// read; OpenSwiftData's save drops those links, so the reference drops them in `save()`.
    mutating func delete(_ rid: Int) {
        guard let object = pending[rid], !object.isDeleted else { return }
        pending[rid]!.isDeleted = true
        for relationship in object.kind.relationships {
            let targets = pending[rid]!.links[relationship.name]!
            switch relationship.rule {
            case .cascade:
                for target in targets { unlinkOneSide(target, relationship.inverse, rid) }
                for target in targets.sorted() { delete(target) }
            case .nullify:
                for target in targets { unlinkOneSide(target, relationship.inverse, rid) }
            case .deny, .noAction:
                break
            }
        }
        letGoOfDeleted(rid)
    }

    /// Models deleted at once, as `delete(model:where:)` deletes the context's models its
    /// predicate selects: each lets go of the others as of models deleted with it, in
    /// whatever order the reference ran their delete rules.
    mutating func delete(together rids: [Int]) {
        let deletedBefore = Set(pending.filter(\.value.isDeleted).keys)
        for rid in rids { delete(rid) }
        for (rid, object) in pending where object.isDeleted && !deletedBefore.contains(rid) { letGoOfDeleted(rid) }
    }

    /// A deleted model lets go of the models deleted before it or with it, itself included,
    /// a change of its own (OpenSwiftData's rule, "What is supported", "@Relationship"; the
    /// reference keeps the links it held, which the save drops, and remembers those it let
    /// go of, which it does not hold once inserted again).
    private mutating func letGoOfDeleted(_ rid: Int) {
        let dropped = pending[rid]!.links.mapValues { $0.filter { pending[$0]?.isDeleted == true } }
        droppedAtDelete[rid] = dropped
        if dropped.values.contains(where: { !$0.isEmpty }) { changed.insert(rid) }
        for (name, targets) in dropped where !targets.isEmpty && !relationship(name, of: rid).isToMany {
            changedToOnes[rid, default: []].insert(name)
        }
    }

    /// The deleted models of these kinds an app can insert again: those whose delete is not
    /// saved yet, and those whose delete is (``departed``).
    func deleted(_ kinds: [GeneratedKind]) -> [Int] {
        let unsaved = pending.filter { $0.value.isDeleted && kinds.contains($0.value.kind) }.keys
        let gone = departed.filter { pending[$0.key] == nil && kinds.contains($0.value.kind) }.keys
        return (Array(unsaved) + gone).sorted()
    }

    /// A deleted model inserted again: its row stays when its delete was not saved, and it
    /// is a new row when it was. Both sides of its relationships agree again: the models it
    /// holds show it through their inverses, except a model deleted since (which stays
    /// deleted) and a model whose to-one inverse holds another model now (a re-insert takes
    /// no model away from another); it lets go of those.
    ///
    /// Apple, `ModelContext.insert(_:)` (see ``insert(_:attributes:toOne:)``) and WWDC23
    /// "Dive deeper into SwiftData" (10196): inserting a model registers it with the context,
    /// and the context keeps both sides of each relationship in step. Which links a deleted
    /// model keeps is OpenSwiftData's rule ("What is supported", "@Relationship"); SwiftData's
    /// documentation does not say.
    mutating func reinsert(_ rid: Int) {
        if pending[rid]?.isDeleted == true {
            pending[rid]!.isDeleted = false
        } else if pending[rid] == nil, let object = departed[rid] {
            pending[rid] = object
        } else {
            return
        }
        for (name, dropped) in droppedAtDelete[rid] ?? [:] { pending[rid]!.links[name]!.subtract(dropped) }
        reconnect(rid)
    }

    /// Both sides of a returning model's relationships agree again: the models it holds
    /// show it through their inverses, except a model deleted (which it lets go of) and a
    /// model whose to-one inverse holds another model now (a return takes no model away
    /// from another).
    private mutating func reconnect(_ rid: Int) {
        let kind = pending[rid]!.kind
        for relationship in kind.relationships {
            for target in pending[rid]!.links[relationship.name]!.sorted() {
                let inverse = pending[target].flatMap { $0.isDeleted ? nil : $0.links[relationship.inverse] }
                let kept = inverse.map { relationship.inverseRelationship.isToMany || $0.isSubset(of: [rid]) } ?? false
                if !kept {
                    pending[rid]!.links[relationship.name]!.remove(target)
                    changed.insert(rid)
                    if !relationship.isToMany { changedToOnes[rid, default: []].insert(relationship.name) }
                } else if pending[target]!.links[relationship.inverse]!.insert(rid).inserted {
                    changed.insert(target)
                    if !relationship.inverseRelationship.isToMany {
                        changedToOnes[target, default: []].insert(relationship.inverse)
                    }
                }
            }
        }
    }

    // MARK: Saving

    /// Why a save must fail, or nil: the first of ``saveRefusals``.
    var saveRefusal: Refusal? { saveRefusals.first }

    /// Every reason the next save must fail, in rid order: a live model whose required
    /// to-one holds no model (a badge taken out of its holder's badges), a deleted model that
    /// was saved and whose `.deny` relationship still holds live models (a model deleted
    /// before its first save just leaves the context), a live model holding NaN.
    ///
    /// Required to-one: SwiftData validates a save as Core Data, under it on Apple's
    /// platforms, does (Apple, `NSValidationMissingMandatoryPropertyError`: "Error code for a
    /// non-optional property with a nil value"). `.deny`: Apple,
    /// `Schema.Relationship.DeleteRule.deny` (see ``delete(_:)``), which Core Data's save
    /// enforces with `NSValidationRelationshipDeniedDeleteError` (1600). Divergence for
    /// NaN (porting guide, "NaN is refused, not stored"): SQLite keeps a NaN bound as a REAL
    /// as NULL, so OpenSwiftData refuses the save, naming the property.
    var saveRefusals: [Refusal] {
        var refusals: [Refusal] = []
        // A model whose row another context deleted, without changes here, is not saved.
        let unsaved = rowsGone.subtracting(touched)
        for (rid, object) in pending.sorted(by: { $0.key < $1.key }) where !object.isDeleted && !unsaved.contains(rid) {
            for relationship in object.kind.relationships where relationship.isRequired {
                let targets = object.links[relationship.name]!.filter { pending[$0]?.isDeleted == false }
                if targets.isEmpty { refusals.append(.requiredLinkMissing(rid: rid, relationship)) }
            }
            for (name, value) in object.attributes.sorted(by: { $0.key < $1.key }) where value.isNotANumber {
                refusals.append(.notANumber(rid: rid, object.kind, attribute: name))
            }
        }
        for (rid, object) in pending.sorted(by: { $0.key < $1.key }) where object.isDeleted && saved[rid] != nil {
            for relationship in object.kind.relationships where relationship.rule == .deny {
                let remaining = object.links[relationship.name]!.filter { pending[$0]?.isDeleted == false }
                if !remaining.isEmpty {
                    refusals.append(.deleteDenied(rid: rid, relationship, holding: remaining.sorted()))
                }
            }
        }
        return refusals
    }

    /// Commits `pending`: deleted models go, and every link to them with them; a stored
    /// row takes only the attributes the working context set (the others may have been
    /// saved by another context since the working context read them), and the working
    /// context's models keep showing what they held (``refreshUntouched()``).
    ///
    /// Apple, `ModelContext.save()`: "Writes any pending inserts, changes, and deletes to
    /// the persistent storage." That a save writes only the changed attributes, so that two
    /// contexts' saves of different attributes of one row both stay and of one attribute
    /// the later wins, is OpenSwiftData's rule (porting guide, "A save reports only what it
    /// wrote"; Core Data's by-property merge), which SwiftData's documentation does not state.
    ///
    /// - Parameter inBulk: The save of a bulk delete (`delete(model:where:)`), whose models
    ///   were deleted by SQL, not by the app: none is one it may insert again (``departed``).
    mutating func save(inBulk: Bool = false) {
        let deleted = Set(pending.filter(\.value.isDeleted).keys)
        let writes = linkWrites
        for rid in deleted where saved[rid] != nil { removeStoredRow(rid) }
        for (rid, object) in pending where !object.isDeleted && !rowsGone.contains(rid) {
            if saved[rid] == nil {
                saved[rid] = Object(
                    kind: object.kind, attributes: object.attributes, links: object.links.mapValues { _ in [] })
            } else {
                for name in changedAttributes[rid] ?? [] { saved[rid]!.attributes[name] = object.attributes[name] }
            }
        }
        write(writes)
        rowsGone.subtract(deleted)
        for rid in deleted {
            if !inBulk {
                departed[rid] = pending[rid]
                departed[rid]!.isDeleted = false
            }
            pending[rid] = nil
        }
        for rid in pending.keys { departed[rid] = nil }
        for rid in pending.keys {
            for name in pending[rid]!.links.keys { pending[rid]!.links[name]!.subtract(deleted) }
        }
        base = pending
        changed = []
        changedAttributes = [:]
        changedToOnes = [:]
    }

    /// A row deleted from the store, and every link to it: to-one columns that named it
    /// are set to NULL and its join rows go (what the save's SQL does, whatever the context
    /// knew of those links).
    mutating func removeStoredRow(_ rid: Int) {
        let object = saved[rid]!
        for relationship in object.kind.relationships {
            for target in object.links[relationship.name]! {
                saved[target]?.links[relationship.inverse]?.remove(rid)
            }
        }
        saved[rid] = nil
    }

    /// A fetch in the working context: each model without unsaved changes there shows its
    /// row as stored (OpenSwiftData's rule, "What is supported", "Context API"; SwiftData's
    /// documentation does not say when a context's registered models show another
    /// context's saves).
    ///
    /// A link read from the store to a model the working context deleted (another context
    /// saved it since the delete) is not shown, as the deleted model's delete rule would
    /// have taken it out at the delete, unless that rule is `.deny` or `.noAction`, which
    /// leave related models as they are (see ``delete(_:)``); a rollback shows it again.
    mutating func refreshUntouched() {
        for (rid, object) in pending where !touched.contains(rid) && !object.isDeleted {
            if rowsGone.contains(rid) {
                // A fetch no longer shows a model whose row another context deleted.
                pending[rid] = nil
                base[rid] = nil
                rowsGone.remove(rid)
                staleLinks.remove(rid)
                continue
            }
            guard var stored = saved[rid] else { continue }
            base[rid] = stored
            staleLinks.remove(rid)
            for relationship in object.kind.relationships {
                let rule = relationship.inverseRelationship.rule
                guard rule != .deny, rule != .noAction else { continue }
                stored.links[relationship.name]!.subtract(
                    stored.links[relationship.name]!.filter { pending[$0]?.isDeleted == true })
            }
            pending[rid] = stored
        }
    }

    /// The stored models whose working-context model shows an attribute it did not set
    /// other than as stored: another context saved it since.
    var hasStaleModels: Bool {
        !staleLinks.isEmpty
            || pending.contains { rid, object in
                guard !object.isDeleted, let stored = saved[rid] else { return false }
                let own = changedAttributes[rid] ?? []
                return object.kind.attributes.contains {
                    !own.contains($0) && object.attributes[$0] != stored.attributes[$0]
                }
            }
    }

    /// The store alone, as a context without changes sees it: for working out what a bulk
    /// deletion leaves (``deletedInStore(leaving:)``).
    func storeAlone() -> ReferenceStore {
        var store = self
        store.pending = saved
        store.base = saved
        store.changed = []
        store.changedAttributes = [:]
        store.changedToOnes = [:]
        return store
    }

    /// Whether the working context's unsaved changes are inserts and changes of stored
    /// models' attributes alone: no stored model's links changed, none deleted.
    var changesAreInsertsAndAttributes: Bool {
        touched.allSatisfy { rid in
            guard let object = pending[rid], !object.isDeleted else { return false }
            return saved[rid].map { $0.links == object.links } ?? true
        }
    }

    /// A bulk deletion wrote `stored` to the store while the working context's changes were
    /// inserts and attribute changes (``changesAreInsertsAndAttributes``): its stored
    /// models are as stored, but for the attributes it changed, or gone with their changes.
    mutating func deletedInStore(leaving stored: [Int: Object]) {
        for rid in saved.keys where stored[rid] == nil {
            pending[rid] = nil
            base[rid] = nil
            changed.remove(rid)
            changedAttributes[rid] = nil
        }
        for (rid, object) in stored {
            var held = object
            for name in changedAttributes[rid] ?? [] { held.attributes[name] = pending[rid]!.attributes[name] }
            pending[rid] = held
            // A rollback takes a changed model back to the values it had before its changes
            // (not to a row another context saved since), with its links as stored now.
            if changed.contains(rid), var before = base[rid] {
                before.links = object.links
                base[rid] = before
            } else {
                base[rid] = object
            }
        }
        saved = stored
    }

    /// Marks a model changed: a to-many set to the models it held, in another order.
    mutating func touch(_ rid: Int) {
        changed.insert(rid)
    }

    /// Whether the working context has changes a save would write.
    var hasUnsavedChanges: Bool { !touched.isEmpty }

    /// A new container's context: every model as stored, nothing unsaved.
    mutating func reload() {
        pending = saved
        base = saved
        changed = []
        changedAttributes = [:]
        changedToOnes = [:]
        secondChanges = [:]
        secondRowsGone = []
        staleLinks = []
        rowsGone = []
        departed = [:]
    }

    /// Puts the context's state back as it was before a change, or after it (an undo or a
    /// redo). Apple, `ModelContext.undoManager`: the context registers its changes with the
    /// undo manager, whose `undo()` reverts the last group of them and `redo()` makes it
    /// again (WWDC23 "Dive deeper into SwiftData": undo and redo of a context's changes).
    /// The models the undo or redo changes are changed, as a change marks them.
    mutating func restorePending(_ state: [Int: Object]) {
        for rid in Set(state.keys).union(pending.keys) where state[rid] != pending[rid] {
            guard let before = state[rid], let after = pending[rid] else { continue }
            // A delete or an insert undone is no change of the model; a link or a value is.
            if before.attributes != after.attributes || before.links != after.links { changed.insert(rid) }
            for name in before.kind.attributes where before.attributes[name] != after.attributes[name] {
                changedAttributes[rid, default: []].insert(name)
            }
            for relationship in before.kind.relationships
            where !relationship.isToMany && before.links[relationship.name] != after.links[relationship.name] {
                changedToOnes[rid, default: []].insert(relationship.name)
            }
        }
        pending = state
    }

    /// Apple, `ModelContext.rollback()`: "Discards pending inserts and deletes, restores
    /// changed models to their most recent committed state, and empties the undo stack."
    /// Their most recent state in this context: what it last saved or fetched.
    ///
    /// A deleted model inserted again and not saved since goes back to being deleted, without
    /// links: those it made since go with the rollback (OpenSwiftData's rule; SwiftData's
    /// documentation does not say).
    mutating func rollback() {
        for (rid, object) in departed where pending[rid] != nil {
            departed[rid]!.links = object.links.mapValues { _ in [] }
        }
        let deleted = Set(pending.filter(\.value.isDeleted).keys)
        pending = base
        // A model it deleted reads its links again, as stored, with what another context
        // saved since, and the models it holds show it again (``reconnect(_:)``); the others
        // go back to their links as last read (OpenSwiftData's rule).
        let returning = deleted.filter { saved[$0] != nil && pending[$0] != nil }.sorted()
        for rid in returning { pending[rid]!.links = saved[rid]!.links }
        for rid in returning { reconnect(rid) }
        base = pending
        changed = []
        changedAttributes = [:]
        changedToOnes = [:]
    }

    /// A change written by another context and saved there: it reaches both states.
    ///
    /// Apple, `ModelContext`: the context writes "any changes made to those models" to the
    /// store when it saves, so another context's fetch reads them. That the working context's
    /// registered model without unsaved changes shows them at its next fetch is
    /// OpenSwiftData's rule ("What is supported", "Context API"), which SwiftData's documentation
    /// does not state.
    mutating func changeSaved(_ rid: Int, _ attribute: String, to value: GeneratedValue) {
        saved[rid]?.attributes[attribute] = value
        pending[rid]?.attributes[attribute] = value
        base[rid]?.attributes[attribute] = value
    }
}

extension ReferenceStore {
    /// A reason a save must fail: the rule it breaks and the model that breaks it.
    enum Refusal: Hashable, CustomStringConvertible {
        /// A live model's required to-one holds no live model.
        case requiredLinkMissing(rid: Int, GeneratedRelationship)
        /// A deleted, saved model's `.deny` relationship still holds these live models.
        case deleteDenied(rid: Int, GeneratedRelationship, holding: [Int])
        /// A live model of this kind holds NaN in this attribute.
        case notANumber(rid: Int, GeneratedKind, attribute: String)

        var description: String {
            switch self {
            case .requiredLinkMissing(let rid, let relationship): "rid \(rid): \(relationship) holds no model"
            case .deleteDenied(let rid, let relationship, let holding): "rid \(rid): \(relationship) holds \(holding)"
            case .notANumber(let rid, let kind, let attribute): "rid \(rid): \(kind.rawValue).\(attribute) is NaN"
            }
        }
    }
}
