import Foundation

@testable import OpenSwiftData

/// The checks of a run: what a new context fetches, the models the working context holds,
/// the store's rows and links read by a connection of the check's own.
extension SequenceRunner {
    func checkSaved() throws {
        try check(newContext(), against: reference.saved, "a new context after a save")
        try checkRowCounts()
        try checkStoreInvariants()
    }

    func checkFetch(
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
    func checkPartialFetch(_ query: GeneratedQuery) throws {
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
    static func holdsNoRequiredLink(_ object: ReferenceStore.Object) -> Bool {
        object.kind.relationships.contains { $0.isRequired && object.links[$0.name]!.isEmpty }
    }

    /// Every model `context` fetches, with its attributes and links, equals the reference's;
    /// the required to-ones of the models `leavingRequiredLinksOf` names are not read.
    func check(
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
    func snapshot(_ model: any PersistentModel, leavingLinksAs expected: ReferenceStore.Object)
        -> ReferenceStore.Object
    {
        let kind = GeneratedModelAccess.kind(of: model)
        var attributes: [String: GeneratedValue] = [:]
        for name in kind.attributes { attributes[name] = GeneratedModelAccess.value(name, of: model) }
        return ReferenceStore.Object(kind: kind, attributes: attributes, links: expected.links)
    }

    func snapshot(_ model: any PersistentModel, leavingRequiredLinksAs expected: ReferenceStore.Object? = nil)
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

    func describe(_ object: ReferenceStore.Object?) -> String {
        guard let object else { return "absent" }
        let attributes = object.attributes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        let links = object.links.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted())" }
        return "\(object.kind.rawValue)(\((attributes + links).joined(separator: ", ")))"
    }

    /// The store's raw counts, read with SQL on a connection of its own: rows per table,
    /// join-table rows, and link columns that are set.
    func checkRowCounts() throws {
        counts.checks += 1
        let saved = reference.saved
        let count = { (kinds: [GeneratedKind]) in saved.values.filter { kinds.contains($0.kind) }.count }
        let links = { (kind: GeneratedKind, name: String) in
            saved.values.filter { kind.family.contains($0.kind) }.map { $0.links[name]!.count }.reduce(0, +)
        }
        let expected: [(RawCount, Int)] = [
            (.models(.person), count([.person, .employee])),
            (.models(.employee), count([.employee])),
            (.models(.pet), count([.pet])),
            (.models(.toy), count([.toy])),
            (.models(.club), count([.club])),
            (.models(.badge), count([.badge])),
            (.links(.pet, "owner"), links(.pet, "owner")),
            (.links(.toy, "pet"), links(.toy, "pet")),
            (.links(.toy, "sponsor"), links(.toy, "sponsor")),
            (.links(.badge, "holder"), links(.badge, "holder")),
            (.links(.person, "mentor"), links(.person, "mentor")),
            (.links(.club, "manager"), links(.club, "manager")),
            (.links(.pet, "favorite"), links(.pet, "favorite")),
            (.links(.toy, "favoriteOf"), links(.toy, "favoriteOf")),
            (.links(.club, "members"), links(.club, "members")),
        ]
        let found = try store.rawCounts(expected.map(\.0))
        for ((count, want), got) in zip(expected, found) where want != got {
            throw fail("\(count) are \(got), expected \(want)")
        }
    }

    /// What no save may leave in the store, whatever the sequence, read on a connection of
    /// the test's own: a key that names no row, a required key that is NULL, a join row of a
    /// row that is gone, a unique value held twice, and what the store's kind adds
    /// (``SequenceStore/invariantViolations()``).
    func checkStoreInvariants() throws {
        counts.checks += 1
        if let violation = try store.invariantViolations().first { throw fail(violation) }
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
