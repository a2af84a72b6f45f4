import Foundation

@testable import OpenSwiftData

/// The steps that read or write through a context other than the working one, or the store
/// itself: `enumerate`, a change saved by another context, `delete(model:where:)`.
extension SequenceRunner {
    /// `enumerate` visits what a fetch of the same descriptor returns when it starts (Apple,
    /// `ModelContext.enumerate(_:batchSize:allowEscapingMutations:block:)`: "Enumerates
    /// over the results of a fetch descriptor"), in its order, the context's unsaved changes
    /// included, whatever the block changes or saves.
    func enumeratePets(batchSize: Int, saveEvery: Int?, query: GeneratedQuery?) throws {
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

    func changeInOtherContext(
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
    /// and changes of stored models' attributes (the article "Deleting in bulk"): the
    /// inserted and changed models that match, on their current values, are deleted as
    /// `delete(_:)` deletes them, at the next save; the other stored rows that match go at
    /// the call, with their delete rules (a changed model whose row a `.cascade` takes goes
    /// with it); the other changes stay for the next save. A call the store would refuse is
    /// not made here.
    func deleteInBulkAmongChanges(_ query: GeneratedQuery) throws {
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
    func deleteInBulk(_ query: GeneratedQuery, in target: ModelContext) throws {
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
}
