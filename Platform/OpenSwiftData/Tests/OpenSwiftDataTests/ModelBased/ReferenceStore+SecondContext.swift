/// A second context of the container with unsaved changes of its own, interleaved with the
/// working context's and its saves: it sets attributes and links of the models stored when
/// it began (its view, a ``ReferenceStore`` of its own read in full then), then saves or
/// rolls back.
///
/// The rules, OpenSwiftData's (porting guide, "A save reports only what it wrote"), where
/// SwiftData's documentation states none:
/// - a save writes only the attributes its context set, so saves of different attributes of
///   one row both stay and of one attribute the later save wins;
/// - it writes only the to-one relationships its context set (the inverse's upkeep of a
///   to-many included: appending a pet to a person's pets sets the pet's owner), the later
///   save winning each; a one-to-one written pairs both models, and the models that named
///   either let go of it;
/// - a many-to-many writes the links its context added and removed since it read them, so
///   that links another context saved meanwhile stay;
/// - a save that writes a row that is gone (another context deleted it since), or a link to
///   or from one, throws `modelNotFound` and writes nothing (OpenSwiftData's rule: the
///   store never holds a link that names no row; SwiftData's model of a deleted row traps
///   when read).
///
/// The working context shows the second context's save at its next fetch, on the models
/// it has not changed; those it has changed keep the links they read
/// (``ReferenceStore/staleLinks``).
extension ReferenceStore {
    /// What a context's save writes of its links, worked out from its view
    /// (``linkWrites``).
    struct LinkWrites {
        /// To-one relationships set, with the model each holds (nil for none).
        var toOnes: [(rid: Int, relationship: GeneratedRelationship, target: Int?)] = []
        /// Many-to-many links added and removed, each named once, from one side.
        var added: [(rid: Int, relationship: GeneratedRelationship, target: Int)] = []
        var removed: [(rid: Int, relationship: GeneratedRelationship, target: Int)] = []
    }

    /// What a save of this store's working context writes of its links: the to-ones it set
    /// (``changedToOnes``) and every to-one of a new row, and the many-to-many links it added
    /// and removed since it read them (`base`; a new row's are all added). Links to models
    /// the save deletes are written as none: their rows go.
    var linkWrites: LinkWrites {
        var writes = LinkWrites()
        let isLive = { (rid: Int) in self.pending[rid]?.isDeleted == false }
        for (rid, object) in pending.sorted(by: { $0.key < $1.key }) where !object.isDeleted {
            let isNew = saved[rid] == nil && !rowsGone.contains(rid)
            for relationship in object.kind.relationships where !relationship.isToMany {
                guard isNew || changedToOnes[rid]?.contains(relationship.name) == true else { continue }
                let target = object.links[relationship.name]!.first.flatMap { isLive($0) ? $0 : nil }
                if isNew, target == nil { continue }
                writes.toOnes.append((rid, relationship, target))
            }
            for relationship in object.kind.relationships
            where relationship.isToMany && relationship.inverseRelationship.isToMany
                && relationship.name < relationship.inverse
            {
                let now = object.links[relationship.name]!.filter(isLive)
                let before = isNew ? Set<Int>() : (base[rid]?.links[relationship.name] ?? Set<Int>()).filter(isLive)
                for target in now.subtracting(before).sorted() { writes.added.append((rid, relationship, target)) }
                for target in before.subtracting(now).sorted() { writes.removed.append((rid, relationship, target)) }
            }
        }
        return writes
    }

    /// The second context sets `attribute` of `rid`, whose model there holds `current`
    /// (nil when not read): setting the value it holds is no change (``change(_:_:to:)``).
    mutating func changeInSecond(
        _ rid: Int, _ attribute: String, to value: GeneratedValue, holding current: GeneratedValue?
    ) {
        if current == value, !value.isNotANumber, secondChanges[rid]?[attribute] == nil { return }
        secondChanges[rid, default: [:]][attribute] = value
    }

    /// Whether the row of `rid` is gone for the second context: deleted, or deleted and
    /// inserted again as a new row its model there does not name.
    func rowIsGoneForSecond(_ rid: Int) -> Bool {
        saved[rid] == nil || secondRowsGone.contains(rid)
    }

    /// The models whose rows the second context's save would write, or link to, that are
    /// gone: the save must throw, naming one of them. `view` holds its link changes. A
    /// link it only takes away (a pet moved away from a person whose row is gone) needs no
    /// row.
    func secondSaveRefusal(links view: ReferenceStore) -> [Int] {
        var written = Set(secondChanges.keys.filter { view.pending[$0]?.isDeleted != true })
        let writes = view.linkWrites
        for (rid, _, target) in writes.toOnes {
            written.insert(rid)
            if let target { written.insert(target) }
        }
        for (rid, _, target) in writes.added { written.formUnion([rid, target]) }
        return written.filter(rowIsGoneForSecond).sorted()
    }

    /// The second context's save: its deletes (each row with every link to it), attributes
    /// and links written over what is stored (what is written to rows that are gone is
    /// not: such a save is refused, ``secondSaveRefusal(links:)``). Returns the models
    /// whose stored links it changed, and those whose rows it deleted.
    mutating func saveSecond(links view: ReferenceStore) -> (relinked: Set<Int>, deleted: Set<Int>) {
        let before = saved
        // A model whose row went and came back as a new row names the row that went.
        let deleted = Set(view.pending.filter { $0.value.isDeleted && !rowIsGoneForSecond($0.key) }.keys)
        for rid in deleted.sorted() { removeStoredRow(rid) }
        for (rid, changes) in secondChanges where saved[rid] != nil {
            for (name, value) in changes { saved[rid]!.attributes[name] = value }
        }
        secondChanges = [:]
        write(view.linkWrites)
        let relinked = saved.keys.filter { saved[$0]!.links != before[$0]!.links }
        return (Set(relinked), deleted)
    }

    /// The `.deny` rules a context's deletes break in the store (`view`: the second
    /// context's view, or the working context's reference): a row it deletes that the store
    /// links, through a `.deny` relationship, to rows it neither deletes nor changes (those it
    /// changes are judged on its view, ``saveRefusals``). The models of `gone` name rows that
    /// went: deleting them deletes nothing.
    func storeDenials(deletingIn view: ReferenceStore, skipping gone: Set<Int> = []) -> [Refusal] {
        let deleted = Set(view.pending.filter(\.value.isDeleted).keys).subtracting(gone)
        var refusals: [Refusal] = []
        for rid in deleted.sorted() {
            guard let stored = saved[rid] else { continue }
            for relationship in stored.kind.relationships where relationship.rule == .deny {
                let remaining = stored.links[relationship.name]!.subtracting(deleted).subtracting(view.touched)
                if !remaining.isEmpty {
                    refusals.append(.deleteDenied(rid: rid, relationship, holding: remaining.sorted()))
                }
            }
        }
        return refusals
    }

    /// The stored rows a save left without their required to-one (a badge whose holder
    /// another context's delete took): the save must be refused.
    var storedRowsMissingRequiredLinks: [Refusal] {
        saved.sorted(by: { $0.key < $1.key }).flatMap { rid, object in
            object.kind.relationships.filter { $0.isRequired && object.links[$0.name]!.isEmpty }.map {
                Refusal.requiredLinkMissing(rid: rid, $0)
            }
        }
    }

    /// Writes links into the store, both sides of each: a to-one replaces what the row
    /// held (and a one-to-one takes its target from the model that held it); a
    /// many-to-many link is added or removed.
    mutating func write(_ writes: LinkWrites) {
        let rows = Set(saved.keys)
        for (rid, relationship, target) in writes.toOnes where rows.contains(rid) && target.map(rows.contains) != false
        {
            for old in saved[rid]!.links[relationship.name]! {
                saved[old]!.links[relationship.inverse]!.remove(rid)
            }
            saved[rid]!.links[relationship.name] = []
            guard let target else { continue }
            if !relationship.inverseRelationship.isToMany {
                for other in saved[target]!.links[relationship.inverse]! {
                    saved[other]!.links[relationship.name]!.remove(target)
                }
                saved[target]!.links[relationship.inverse] = []
            }
            saved[rid]!.links[relationship.name] = [target]
            saved[target]!.links[relationship.inverse]!.insert(rid)
        }
        for (rid, relationship, target) in writes.added where rows.contains(rid) && rows.contains(target) {
            saved[rid]!.links[relationship.name]!.insert(target)
            saved[target]!.links[relationship.inverse]!.insert(rid)
        }
        for (rid, relationship, target) in writes.removed where rows.contains(rid) && rows.contains(target) {
            saved[rid]!.links[relationship.name]!.remove(target)
            saved[target]!.links[relationship.inverse]!.remove(rid)
        }
    }

    mutating func rollbackSecond() {
        secondChanges = [:]
    }
}
