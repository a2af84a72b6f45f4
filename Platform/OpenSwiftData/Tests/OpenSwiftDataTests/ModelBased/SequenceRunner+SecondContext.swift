import Foundation

@testable import OpenSwiftData

/// The second context's steps (ReferenceStore+SecondContext.swift): it begins by reading
/// every stored model and link, sets attributes and links of those models while the working
/// context changes and saves, then saves or rolls back.
extension SequenceRunner {
    /// The second context's view, begun when it has none: a new context that reads every
    /// stored model and every link of it, so that what it holds is the store as it was then
    /// (a relationship read later could show a later save).
    private func beginSecond() throws -> ReferenceStore {
        if let secondView { return secondView }
        second = newContext()
        secondHandles = [:]
        reference.secondRowsGone = []
        for kind in GeneratedQuery.kinds {
            for model in try GeneratedModelAccess.fetchAll(kind, in: second) {
                let modelKind = GeneratedModelAccess.kind(of: model)
                for relationship in modelKind.relationships {
                    _ = GeneratedModelAccess.targets(relationship.name, of: model)
                }
                secondHandles[GeneratedModelAccess.rid(of: model)] = model
            }
        }
        let view = reference.storeAlone()
        guard Set(view.pending.keys) == Set(secondHandles.keys) else {
            throw fail(
                "the second context read rids \(secondHandles.keys.sorted()), expected \(view.pending.keys.sorted())")
        }
        secondView = view
        return view
    }

    /// Lets the view go when the second context holds no change: its next step reads the
    /// store anew, as a context that holds no change would read its models again.
    private func forgetSecondIfUnchanged() {
        guard let secondView, secondView.touched.isEmpty, reference.secondChanges.isEmpty else { return }
        endSecond()
    }

    /// Ends the second context's changes: it rolls back, and its next step begins anew.
    func endSecond() {
        second.rollback()
        reference.rollbackSecond()
        secondView = nil
        secondHandles = [:]
    }

    /// The second context's model of `rid`.
    private func secondModel(_ rid: Int) throws -> any PersistentModel {
        guard let model = secondHandles[rid] else { throw fail("the second context holds no rid \(rid)") }
        return model
    }

    /// The second context sets an attribute of a model stored when it began (whose row may
    /// be gone since), unsaved.
    func changeInSecond(_ kind: GeneratedKind, slot: Int, _ attribute: String, _ value: GeneratedValue) throws {
        defer { forgetSecondIfUnchanged() }
        let view = try beginSecond()
        guard let rid = view.resolve(slot, among: kind.family) else { return }
        let model = try secondModel(rid)
        // An external value not read yet of a row gone is not read: its file went with the
        // row, and SwiftData's model of a deleted row traps when read.
        let current =
            attribute == "photo" && reference.rowIsGoneForSecond(rid)
            ? nil : GeneratedModelAccess.value(attribute, of: model)
        GeneratedModelAccess.set(attribute, value, on: model)
        reference.changeInSecond(rid, attribute, to: value, holding: current)
    }

    /// The second context sets a to-one, or appends to or removes from a to-many, of models
    /// stored when it began, unsaved; its view keeps both sides in step as the working
    /// context's reference does.
    func changeLinkInSecond(_ change: LinkChange) throws {
        defer { forgetSecondIfUnchanged() }
        var view = try beginSecond()
        try Self.changeLink(change, in: &view, models: secondModel)
        secondView = view
    }

    /// The second context deletes a model stored when it began (whose row may be gone
    /// since), with its delete rules there, unsaved.
    func deleteInSecond(_ kind: GeneratedKind, slot: Int) throws {
        defer { forgetSecondIfUnchanged() }
        var view = try beginSecond()
        guard let rid = view.resolve(slot, among: kind.family) else { return }
        view.delete(rid)
        second.delete(try secondModel(rid))
        secondView = view
    }

    /// The second context saves: what it set reaches the store, over what the working
    /// context saved since it began, unless a row it writes or links to is gone (the save
    /// throws `modelNotFound` naming one of them), or a badge it took out of its holder's
    /// badges holds none (the save throws naming it); a refused save writes nothing, and the
    /// second context then rolls back. The working context's models without unsaved
    /// changes show the save once it fetches them; those with unsaved changes whose links
    /// it changed keep what they read (``ReferenceStore/staleLinks``), and the working
    /// context's save then writes only its own changes over it.
    func saveSecond() throws {
        guard let view = secondView else { return }
        let gone = reference.secondSaveRefusal(links: view)
        var after = reference
        let (relinked, deleted) = after.saveSecond(links: view)
        let refusals =
            view.saveRefusals + reference.storeDenials(deletingIn: view, skipping: reference.secondRowsGone)
            + after.storedRowsMissingRequiredLinks
        let relinkedChanged = relinked.union(deleted).intersection(reference.touched)
        if !relinkedChanged.isEmpty { counts.secondLinkSavesOverChanges += 1 }
        counts.saves += 1
        do {
            try second.save()
        } catch {
            let isGone: Bool
            if case .modelNotFound(let identifier)? = (error as? SwiftDataError)?.cause {
                isGone = gone.contains(where: { secondHandles[$0]?.persistentModelID == identifier })
            } else {
                isGone = false
            }
            guard isGone || (try? expectRefusal(error, among: refusals, "")) != nil else {
                throw fail(
                    "the second context's save threw \(error), expected "
                        + (gone.isEmpty && refusals.isEmpty
                            ? "none"
                            : "modelNotFound naming one of rids \(gone) or \(refusals.map(\.description))"))
            }
            counts.refusedSaves += 1
            try checkSaved()
            return endSecond()
        }
        if !gone.isEmpty || !refusals.isEmpty {
            throw fail("the second context's save succeeded, but rids \(gone) have no row, refusals \(refusals)")
        }
        reference = after
        reference.staleLinks.formUnion(relinkedChanged)
        reference.rowsGone.formUnion(deleted.intersection(reference.pending.keys))
        if !relinked.isEmpty { counts.secondLinkSaves += 1 }
        if !deleted.isEmpty { counts.secondDeleteSaves += 1 }
        endSecond()
        try checkSaved()
        if usesMainContext {
            awaitingMerge = true
            return
        }
        // A read of a row in the working context (a fetch, or a relationship read) shows it
        // on a model without unsaved changes there: the held models are compared once fetched.
        try checkWorking("the working context after the second context saved")
        try checkHeld("after the second context saved")
    }
}
