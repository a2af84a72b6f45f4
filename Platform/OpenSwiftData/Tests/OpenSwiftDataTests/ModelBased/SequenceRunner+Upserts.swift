import Foundation

@testable import OpenSwiftData

/// The steps that insert a model carrying a stored model's unique value: upserts.
extension SequenceRunner {
    /// Find-or-create of a club by its unique code, with members (set on the new club, or
    /// the club added to each person's clubs) and maybe a manager: the row is updated, keeps
    /// its other members and gains these, and takes the manager (SwiftData's upsert: WWDC23
    /// "Model your schema with SwiftData", a model inserted with a stored model's unique
    /// value updates that row; nothing there removes the row's other links), and the context
    /// keeps one live model for the row, which the persons and the manager now hold.
    func upsertClub(
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
    func upsertEmployee(slot: Int, salary: Int) throws {
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
    func upsertPerson(slot: Int, asEmployee: Bool) throws {
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
    func checkUpsert(
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
}
