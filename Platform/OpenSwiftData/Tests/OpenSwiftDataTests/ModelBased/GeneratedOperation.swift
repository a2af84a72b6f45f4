import Foundation

/// One step of a generated sequence. Models are named by slot: an index into the live
/// models of a kind, taken modulo their count when the step runs, so that any
/// subsequence of a sequence still runs (which shrinking relies on). A step whose models
/// do not exist when it runs does nothing.
enum GeneratedOperation: Hashable, CustomStringConvertible {
    /// A new model with these attributes, and its to-one relationships set to the models
    /// these slots name (a badge's holder is required).
    case insert(GeneratedKind, [String: GeneratedValue], toOne: [String: Int])
    case change(GeneratedKind, slot: Int, attribute: String, GeneratedValue)
    /// A `Double` attribute set to NaN, and a save, which refuses it.
    case changeToNotANumber(GeneratedKind, slot: Int, attribute: String)
    case setToOne(GeneratedRelationship, slot: Int, target: Int?)
    case append(GeneratedRelationship, slot: Int, target: Int)
    case remove(GeneratedRelationship, slot: Int, target: Int)
    case replace(GeneratedRelationship, slot: Int, targets: [Int])
    case delete(GeneratedKind, slot: Int)
    /// A deleted model of a kind inserted again: one whose delete is not saved yet, or one
    /// whose delete is, which the app still holds. Named by slot among those models.
    case reinsert(GeneratedKind, slot: Int)
    /// `delete(model:where:)` with a query's predicate (its sort, offset and limit aside).
    case deleteWhere(GeneratedQuery)
    /// The same in a new context that holds no model, saved at once: the rows are chosen
    /// and deleted by SQL alone.
    case deleteWhereInOtherContext(GeneratedQuery)
    case save
    case rollback
    /// `undo()` of the working context's undo manager: the last change since the last save
    /// (or other barrier, see ``SequenceRunner``) is undone.
    case undo
    /// `redo()` of the change the last undo undid.
    case redo
    /// A fetch in the working context, unsaved changes included.
    case fetch(GeneratedQuery)
    /// A fetch in a new context, which sees what was saved.
    case fetchSaved(GeneratedQuery)
    /// `enumerate` over the pets `query` selects, in its order (every pet when nil),
    /// raising each one's weight, saving every `saveEvery` models when set.
    case enumeratePets(batchSize: Int, saveEvery: Int?, query: GeneratedQuery? = nil)
    /// Another context of the container changes a saved model and saves, while the
    /// working context has no unsaved changes.
    case changeInOtherContext(GeneratedKind, slot: Int, attribute: String, GeneratedValue)
    /// A new club with a saved club's unique code, a new title, the persons these slots
    /// name as members (added to the club's `members`, or, `throughInverse`, the club to
    /// each person's `clubs`) and the employee `manager` names, inserted and saved: an
    /// upsert of the stored row (find-or-create).
    case upsertClub(
        slot: Int, title: String, members: [Int] = [], throughInverse: Bool = false, manager: Int? = nil)
    /// A new employee with a saved employee's staff number (unique, declared by the subclass)
    /// and this salary, inserted and saved: an upsert of the stored row, which takes every
    /// attribute of the new model.
    case upsertEmployee(slot: Int, salary: Int)
    /// A new person, or a new employee, with a saved person's or employee's handle (unique,
    /// declared by the root class), inserted and saved: an upsert of the stored row when it
    /// is of the new model's class, which takes every attribute of the new model; otherwise a
    /// save refused with `uniqueValueOfAnotherClass`, which writes nothing, and a rollback.
    case upsertPerson(slot: Int, asEmployee: Bool)
    /// The second context (``ReferenceStore``'s second context) sets an attribute of a
    /// stored model, unsaved; saves; rolls back.
    case changeInSecond(GeneratedKind, slot: Int, attribute: String, GeneratedValue)
    /// The second context sets a to-one, appends to or removes from a to-many, of models
    /// stored when it began, unsaved.
    case setToOneInSecond(GeneratedRelationship, slot: Int, target: Int?)
    case appendInSecond(GeneratedRelationship, slot: Int, target: Int)
    case removeInSecond(GeneratedRelationship, slot: Int, target: Int)
    /// The second context deletes a model stored when it began, with its delete rules there.
    case deleteInSecond(GeneratedKind, slot: Int)
    case saveSecond
    case rollbackSecond
    /// The container closed and opened again on the same file.
    case reopen
    /// The container closed and the store opened with the next version of the schema
    /// (``GeneratedV2``), migrating it; the sequence ends there.
    case migrate

    /// Whether the working context's undo manager can undo this step: a change made in
    /// the working context alone, without a save.
    var isUndoable: Bool {
        switch self {
        case .insert, .change, .setToOne, .append, .remove, .replace, .delete, .reinsert: true
        default: false
        }
    }

    /// Whether this step leaves nothing to undo or redo: it saves, rolls back, or changes the
    /// store from another context or in bulk (the runner then empties its undo manager).
    var endsUndo: Bool {
        switch self {
        case .fetch, .fetchSaved, .undo, .redo, .changeInSecond, .setToOneInSecond, .appendInSecond, .removeInSecond,
            .deleteInSecond, .rollbackSecond:
            false
        default: !isUndoable
        }
    }

    var description: String {
        switch self {
        case .insert(let kind, let attributes, let toOne):
            let values = attributes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            let links = toOne.sorted { $0.key < $1.key }.map { "\($0.key): slot \($0.value)" }
            return "insert \(kind.rawValue)(\((values + links).joined(separator: ", ")))"
        case .change(let kind, let slot, let attribute, let value):
            return "\(kind.rawValue)[\(slot)].\(attribute) = \(value)"
        case .changeToNotANumber(let kind, let slot, let attribute):
            return "\(kind.rawValue)[\(slot)].\(attribute) = NaN, save"
        case .setToOne(let relationship, let slot, let target):
            return "\(relationship)[\(slot)] = \(target.map { "slot \($0)" } ?? "nil")"
        case .append(let relationship, let slot, let target): return "\(relationship)[\(slot)].append(slot \(target))"
        case .remove(let relationship, let slot, let target): return "\(relationship)[\(slot)].remove(slot \(target))"
        case .replace(let relationship, let slot, let targets): return "\(relationship)[\(slot)] = slots \(targets)"
        case .delete(let kind, let slot): return "delete \(kind.rawValue)[\(slot)]"
        case .reinsert(let kind, let slot): return "insert deleted \(kind.rawValue)[\(slot)] again"
        case .deleteWhere(let query): return "delete(model:where:) \(query.unbounded)"
        case .deleteWhereInOtherContext(let query):
            return "delete(model:where:) \(query.unbounded) in another context, save"
        case .save: return "save"
        case .rollback: return "rollback"
        case .undo: return "undo"
        case .redo: return "redo"
        case .fetch(let query): return "fetch \(query)"
        case .fetchSaved(let query): return "fetch in a new context \(query)"
        case .enumeratePets(let batchSize, let saveEvery, let query):
            return "enumerate \(query.map(\.description) ?? "pets"), batch \(batchSize)"
                + (saveEvery.map { ", saving every \($0)" } ?? "")
        case .changeInOtherContext(let kind, let slot, let attribute, let value):
            return "other context: \(kind.rawValue)[\(slot)].\(attribute) = \(value), save"
        case .upsertClub(let slot, let title, let members, let throughInverse, let manager):
            return "upsert Club[\(slot)] with title \"\(title)\""
                + (members.isEmpty ? "" : ", members slots \(members)\(throughInverse ? " through their clubs" : "")")
                + (manager.map { ", manager slot \($0)" } ?? "")
                + ", save"
        case .upsertEmployee(let slot, let salary):
            return "upsert Employee[\(slot)] with salary \(salary), save"
        case .upsertPerson(let slot, let asEmployee):
            return "insert a new \(asEmployee ? "Employee" : "Person") with Person[\(slot)]'s handle, save"
        case .changeInSecond(let kind, let slot, let attribute, let value):
            return "second context: \(kind.rawValue)[\(slot)].\(attribute) = \(value)"
        case .setToOneInSecond(let relationship, let slot, let target):
            return "second context: \(relationship)[\(slot)] = \(target.map { "slot \($0)" } ?? "nil")"
        case .appendInSecond(let relationship, let slot, let target):
            return "second context: \(relationship)[\(slot)].append(slot \(target))"
        case .removeInSecond(let relationship, let slot, let target):
            return "second context: \(relationship)[\(slot)].remove(slot \(target))"
        case .deleteInSecond(let kind, let slot): return "second context: delete \(kind.rawValue)[\(slot)]"
        case .saveSecond: return "second context: save"
        case .rollbackSecond: return "second context: rollback"
        case .reopen: return "reopen"
        case .migrate: return "migrate to the next version"
        }
    }

    /// A random sequence of `count` steps.
    static func randomSequence(count: Int, using random: inout SeededGenerator) -> [GeneratedOperation] {
        var clubCodes = 0
        // One sequence in four is two contexts at work on a store that fills: more inserts,
        // saves and links, the second context's among them.
        let twoContexts = random.chance(25)
        var steps = (0..<count).map { _ in
            randomStep(
                roll: twoContexts ? twoContextsRoll(using: &random) : random.index(136), clubCodes: &clubCodes,
                using: &random)
        }
        // A quarter of the sequences end with a migration.
        if random.chance(25) { steps.append(.migrate) }
        return steps
    }

    /// A roll of ``randomStep(roll:clubCodes:using:)`` for a sequence of two contexts at
    /// work: ranges of its rolls, each with its weight.
    private static func twoContextsRoll(using random: inout SeededGenerator) -> Int {
        let weighted: [(Range<Int>, Int)] = [
            (0..<22, 22), (22..<36, 4), (38..<56, 14), (56..<64, 6), (64..<72, 14), (76..<80, 2), (84..<86, 2),
            (88..<90, 2), (100..<104, 4), (104..<107, 8), (107..<108, 1), (108..<114, 2), (114..<132, 20),
            (132..<136, 4),
        ]
        var pick = random.index(weighted.map(\.1).reduce(0, +))
        for (range, weight) in weighted {
            if pick < weight { return range.lowerBound + random.index(range.count) }
            pick -= weight
        }
        preconditionFailure("a pick beyond the weights")
    }

    private static func randomStep(roll: Int, clubCodes: inout Int, using random: inout SeededGenerator)
        -> GeneratedOperation
    {
        let slot = random.index(8)
        switch roll {
        case 0..<22:
            let kinds = GeneratedKind.allCases
            let kind = kinds[random.index(kinds.count)]
            var attributes: [String: GeneratedValue] = [:]
            for attribute in kind.changeableAttributes where random.chance(60) {
                attributes[attribute] = .random(attribute, using: &random)
            }
            if kind == .club {
                // Codes from a small pool: an insert may meet a stored code (an upsert).
                attributes["code"] = .string("C\(clubCodes % 4)")
                clubCodes += 1
            }
            if kind == .employee { attributes["staffNumber"] = .int(random.index(4)) }
            // Handles from a small pool too, shared by persons and employees.
            if kind.family.contains(.employee), random.chance(50) {
                attributes["handle"] = .string("H\(random.index(4))")
            }
            var toOne: [String: Int] = [:]
            for relationship in kind.relationships where !relationship.isToMany {
                if relationship.isRequired || random.chance(60) { toOne[relationship.name] = random.index(8) }
            }
            return .insert(kind, attributes, toOne: toOne)
        case 22..<36:
            let (kind, attribute, value) = randomChange(among: GeneratedKind.allCases, using: &random)
            return .change(kind, slot: slot, attribute: attribute, value)
        case 36..<38:
            let (kind, attribute): (GeneratedKind, String) =
                [(.person, "score"), (.employee, "score"), (.pet, "weight")][random.index(3)]
            return .changeToNotANumber(kind, slot: slot, attribute: attribute)
        case 38..<56:
            let relationships = GeneratedRelationship.all
            let relationship = relationships[random.index(relationships.count)]
            if !relationship.isToMany {
                let target = relationship.isRequired || random.chance(70) ? random.index(8) : nil
                return .setToOne(relationship, slot: slot, target: target)
            }
            // A badge taken out of its person's badges is left without its required
            // holder, which the next save refuses.
            switch random.index(3) {
            case 0: return .append(relationship, slot: slot, target: random.index(8))
            case 1: return .remove(relationship, slot: slot, target: random.index(8))
            default:
                return .replace(relationship, slot: slot, targets: (0..<random.index(3)).map { _ in random.index(8) })
            }
        case 56..<64:
            let kinds = GeneratedKind.allCases
            return .delete(kinds[random.index(kinds.count)], slot: slot)
        case 64..<72:
            return .save
        case 72..<76:
            return roll < 74 ? .undo : .redo
        case 76..<80:
            return .rollback
        case 80..<84:
            return .fetch(.random(using: &random, ownAttributesOnly: true))
        case 84..<86:
            return .deleteWhere(.random(using: &random, ownAttributesOnly: true))
        case 86..<88:
            return .fetchSaved(.random(using: &random, ownAttributesOnly: false))
        case 88..<90:
            return .deleteWhereInOtherContext(.random(using: &random, ownAttributesOnly: true))
        case 90..<93:
            return .enumeratePets(
                batchSize: random.index(4) + 1, saveEvery: random.chance(50) ? random.index(3) + 1 : nil,
                query: random.chance(50) ? .randomPets(using: &random) : nil)
        case 93..<96:
            let (kind, attribute, value) = randomChange(among: [.person, .pet, .toy, .badge], using: &random)
            return .changeInOtherContext(kind, slot: slot, attribute: attribute, value)
        case 96..<98:
            return .upsertClub(
                slot: slot, title: GeneratedValue.random("title", using: &random).string ?? "",
                members: (0..<random.index(3)).map { _ in random.index(8) }, throughInverse: random.chance(50),
                manager: random.chance(40) ? random.index(8) : nil)
        case 99:
            return .upsertPerson(slot: slot, asEmployee: random.chance(50))
        case 100..<104:
            let (kind, attribute, value) = randomChange(among: GeneratedKind.allCases, using: &random)
            return .changeInSecond(kind, slot: slot, attribute: attribute, value)
        case 104..<107:
            return .saveSecond
        case 107:
            return random.chance(50) ? .rollbackSecond : .upsertEmployee(slot: slot, salary: random.index(5) * 1000)
        case 108..<114:
            let kinds = GeneratedKind.allCases
            return .reinsert(kinds[random.index(kinds.count)], slot: slot)
        case 132..<136:
            let kinds = GeneratedKind.allCases
            return .deleteInSecond(kinds[random.index(kinds.count)], slot: slot)
        case 114..<132:
            let relationships = GeneratedRelationship.all
            let relationship = relationships[random.index(relationships.count)]
            let target = random.index(8)
            if !relationship.isToMany {
                return .setToOneInSecond(
                    relationship, slot: slot, target: relationship.isRequired || random.chance(70) ? target : nil)
            }
            return random.chance(60)
                ? .appendInSecond(relationship, slot: slot, target: target)
                : .removeInSecond(relationship, slot: slot, target: target)
        default:
            return .reopen
        }
    }

    /// A kind among `kinds`, one of its attributes an operation may change, and a value.
    private static func randomChange(among kinds: [GeneratedKind], using random: inout SeededGenerator)
        -> (GeneratedKind, String, GeneratedValue)
    {
        let kind = kinds[random.index(kinds.count)]
        let attribute = kind.changeableAttributes[random.index(kind.changeableAttributes.count)]
        return (kind, attribute, .random(attribute, using: &random))
    }
}
