/// Models the working context holds whose rows another context deleted since: a fetch no
/// longer shows those without unsaved changes there (``refreshUntouched()``); a save that
/// writes one, or a link to one, throws `modelNotFound` naming one of them and writes
/// nothing (porting guide, "A save reports only what it wrote").
extension ReferenceStore {
    /// The models whose rows are gone that the working context's save would write (an
    /// attribute or a to-one it set) or link to (a to-one, a many-to-many link added): the
    /// save must throw `modelNotFound` naming one of them. A model it deleted, or whose
    /// change the store holds no column of (a to-many kept through the inverse), needs no
    /// row.
    var workingSaveGone: [Int] {
        guard !rowsGone.isEmpty else { return [] }
        var named = Set<Int>()
        for rid in rowsGone where pending[rid]?.isDeleted == false {
            if !(changedAttributes[rid] ?? []).isEmpty || !(changedToOnes[rid] ?? []).isEmpty { named.insert(rid) }
        }
        let writes = linkWrites
        for (_, _, target) in writes.toOnes {
            if let target, rowsGone.contains(target) { named.insert(target) }
        }
        for (rid, _, target) in writes.added { named.formUnion([rid, target].filter(rowsGone.contains)) }
        return named.sorted()
    }
}
