import Foundation
import Testing

/// What the generated sequences found, each kept as the shrunk sequence that showed it,
/// with the seed that found it (`OSD_SEED=…` replays the whole sequence).
@Suite("Findings of the generated sequences")
struct GeneratedFindingsTests {
    /// Runs the sequence, which must give what the reference gives and then let its
    /// container end.
    private func replay(_ operations: [GeneratedOperation]) throws {
        #expect(try SequenceRunner.runLettingGo(operations) != nil, "the sequence's container outlived its run")
    }

    @Test(
        "a model that was its own mentor, read again by a fetch, deleted and inserted again before the save, is saved as it shows (OSD_SEED=633847601077)"
    )
    func selfLinkedModelInsertedAgain() throws {
        let mentees = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "mentees" }!
        try replay([
            .insert(.person, [:], toOne: ["mentor": 3]),
            .replace(mentees, slot: 3, targets: [7, 3]),
            .save,
            .rollback,
            .delete(.person, slot: 6),
            .reinsert(.person, slot: 0),
            .save,
        ])
    }

    @Test(
        "a second context's many-to-many link to or from a club another context deleted fails its save, writing no join row (OSD_SEED=44261904981)",
        arguments: ["clubs", "members"])
    func manyToManyLinkToDeletedRow(side: String) throws {
        let relationship = GeneratedRelationship.all.first { $0.name == side }!
        try replay([
            .insert(.person, [:], toOne: [:]),
            .insert(.club, ["code": .string("C0")], toOne: [:]),
            .save,
            .appendInSecond(relationship, slot: 0, target: 0),
            .delete(.club, slot: 0),
            .save,
            .saveSecond,
        ])
        let everyClub = GeneratedQuery(
            kind: .club, predicate: 0, parameter: .null, sort: 0, reverse: false, offset: nil, limit: nil)
        try replay([
            .insert(.person, [:], toOne: ["mentor": 0]),
            .insert(.club, ["code": .string("C0")], toOne: ["manager": 0]),
            .save,
            .appendInSecond(relationship, slot: 0, target: 0),
            .deleteWhereInOtherContext(everyClub),
            .saveSecond,
        ])
    }

    @Test("an upsert leaves one live model for its row (OSD_SEED=788085400693)")
    func upsertKeepsOneLiveModel() throws {
        try replay([.insert(.club, ["code": .string("C1")], toOne: [:]), .save, .upsertClub(slot: 5, title: "eve")])
    }

    @Test("a deleted model's .deny relationship counts only the models that still refer to it (OSD_SEED=735224867076)")
    func denyCountsModelsStillReferring() throws {
        try replay([
            .insert(.pet, [:], toOne: ["owner": 4]),
            .insert(.pet, [:], toOne: [:]),
            .save,
            .insert(
                .toy, ["label": .string("bo"), "link": .url(URL(string: "https://example.org/3")!)], toOne: ["pet": 0]),
            .enumeratePets(batchSize: 2, saveEvery: 1),
            .delete(.pet, slot: 2),
            .append(GeneratedRelationship.all.first { $0.owner == .pet && $0.name == "toys" }!, slot: 3, target: 1),
            .save,
        ])
    }

    @Test("enumerate walks the inserts made before it that its block saves (OSD_SEED=42308876071)")
    func enumerateWalksSavedInserts() throws {
        try replay([
            .insert(.pet, ["name": .string("zed"), "weight": .double(1.5)], toOne: [:]),
            .insert(.pet, ["weight": .double(0.75)], toOne: [:]),
            .enumeratePets(batchSize: 4, saveEvery: 1),
        ])
    }

    @Test("a deny rule counts no model once the last one left it after a rolled-back delete (OSD_SEED=499513878540)")
    func denyAfterRolledBackDelete() throws {
        let pets = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "pets" }!
        let toyPet = GeneratedRelationship.all.first { $0.owner == .toy && $0.name == "pet" }!
        try replay([
            .insert(.pet, [:], toOne: ["owner": 2]),
            .insert(
                .toy,
                ["label": .string("bo"), "link": .url(URL(string: "https://example.org/3")!)],
                toOne: ["pet": 2]),
            .insert(.person, ["age": .int(0)], toOne: [:]),
            .save,
            .append(pets, slot: 2, target: 0),
            .delete(.person, slot: 5),
            .save,
            .delete(.pet, slot: 0),
            .setToOne(toyPet, slot: 4, target: nil),
            .insert(.pet, ["name": .string("bo"), "weight": .double(1.0)], toOne: ["owner": 0]),
            .enumeratePets(batchSize: 1, saveEvery: 1),
        ])
    }

    @Test("a model set to NaN reads NaN after the refused save (OSD_SEED=936353846705)")
    func notANumberIsHeld() throws {
        try replay([
            .insert(.pet, ["name": .string("Éva")], toOne: ["owner": 0]),
            .changeToNotANumber(.pet, slot: 2, attribute: "weight"),
        ])
    }

    @Test("a model deleted before its first save leaves the related models at the save (OSD_SEED=103187357526)")
    func unsavedDeleteLeavesNoLink() throws {
        try replay([
            .insert(.pet, ["name": .string("ada"), "weight": .double(0.25)], toOne: [:]),
            .insert(
                .toy,
                [
                    "link": .url(URL(string: "https://example.org/3")!),
                    "serial": .uuid(UUID(uuid: (3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
                ],
                toOne: ["pet": 4, "sponsor": 6]),
            .delete(.pet, slot: 2),
            .save,
            .change(.toy, slot: 4, attribute: "label", .string("eve")),
            .insert(.employee, ["name": .string("ada"), "score": .double(2)], toOne: [:]),
            .changeToNotANumber(.employee, slot: 3, attribute: "score"),
        ])
    }

    @Test("a saved delete under .noAction leaves the held models that pointed at it (OSD_SEED=800362118680)")
    func savedNoActionDeleteLeavesHeldModels() throws {
        let clubs = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "clubs" }!
        let sponsor = GeneratedRelationship.all.first { $0.owner == .toy && $0.name == "sponsor" }!
        let members = GeneratedRelationship.all.first { $0.owner == .club && $0.name == "members" }!
        try replay([
            .insert(.toy, ["serial": .uuid(UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))], toOne: [:]),
            .insert(
                .employee, ["active": .bool(false), "name": .string(GeneratedValue.longString), "salary": .int(3000)],
                toOne: [:]),
            .insert(.club, ["code": .string("C0"), "title": .string("Éva")], toOne: [:]),
            .append(clubs, slot: 6, target: 6),
            .setToOne(sponsor, slot: 3, target: 3),
            .insert(.club, ["code": .string("C1"), "title": .string("cy")], toOne: [:]),
            .save,
            .changeInOtherContext(.person, slot: 0, attribute: "score", .double(4.5)),
            .setToOne(sponsor, slot: 6, target: 4),
            .replace(members, slot: 5, targets: [3, 2]),
            .delete(.club, slot: 0),
            .save,
        ])
    }

    @Test("a bulk delete of a person, its badge and a club's membership lets the container end (OSD_SEED=944119563203)")
    func bulkDeleteLetsTheContainerEnd() throws {
        let clubs = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "clubs" }!
        try replay([
            .insert(.club, ["code": .string("C0")], toOne: [:]),
            .insert(.employee, ["active": .bool(false), "name": .string("zed"), "score": .double(1.5)], toOne: [:]),
            .append(clubs, slot: 3, target: 3),
            .insert(.badge, [:], toOne: ["holder": 1]),
            .save,
            .deleteWhere(
                GeneratedQuery(
                    kind: .person, predicate: 4, parameter: .string("Éva"), sort: 0, reverse: false, offset: nil,
                    limit: nil)),
        ])
    }

    @Test("a rolled-back change under an undo manager lets the container end (OSD_SEED=158891554393)")
    func rolledBackChangeUnderUndoLetsTheContainerEnd() throws {
        try replay([
            .insert(.pet, ["weight": .double(-0.25)], toOne: ["owner": 4]),
            .save,
            .enumeratePets(batchSize: 2, saveEvery: 2),
        ])
    }

    @Test("a redone delete leaves the links its delete rules left, as the delete did (OSD_SEED=933219982084)")
    func redoneDeleteLeavesDenyLinks() throws {
        try replay([
            .insert(.pet, ["name": .string(GeneratedValue.longString)], toOne: ["owner": 2]),
            .insert(.toy, ["link": .url(URL(string: "https://example.org/0")!)], toOne: ["pet": 7, "sponsor": 7]),
            .delete(.pet, slot: 4),
            .undo,
            .redo,
            .save,
        ])
    }

    @Test("a deleted model that was its own mentor lets its container end (OSD_SEED=650333799980)")
    func selfRelatedDeleteLetsTheContainerEnd() throws {
        let mentor = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "mentor" }!
        let members = GeneratedRelationship.all.first { $0.owner == .club && $0.name == "members" }!
        try replay([
            .insert(.club, ["code": .string("C1"), "title": .string("Éva")], toOne: ["manager": 3]),
            .insert(.person, ["name": .string("Éva")], toOne: [:]),
            .setToOne(mentor, slot: 7, target: 4),
            .append(members, slot: 3, target: 1),
            .delete(.person, slot: 4),
            .save,
        ])
    }

    @Test("deleted models that held each other let their container end (OSD_SEED=223745243631)")
    func deletedModelsHoldingEachOtherLetTheContainerEnd() throws {
        try replay([
            .insert(.club, ["code": .string("C0"), "title": .string("bo")], toOne: ["manager": 7]),
            .insert(.person, ["age": .int(4), "score": .double(-.infinity)], toOne: ["mentor": 6]),
            .save,
            .insert(.pet, ["weight": .double(0)], toOne: ["favorite": 2, "owner": 1]),
            .insert(.toy, ["label": .string("ada")], toOne: ["favoriteOf": 6, "pet": 4, "sponsor": 2]),
            .delete(.person, slot: 1),
        ])
    }

    @Test("a rollback after an undone delete keeps what another context saved since (OSD_SEED=991973989185)")
    func rollbackAfterUndoneDelete() throws {
        try replay([
            .insert(.person, ["age": .int(4), "photo": .data(Data(repeating: 232, count: 200_000))], toOne: [:]),
            .save,
            .delete(.person, slot: 6),
            .undo,
            .changeInOtherContext(.person, slot: 7, attribute: "age", .int(5)),
            .rollback,
        ])
    }

    @Test(
        "a model back from an undone delete leaves fetches once another context deletes its row (OSD_SEED=966711908329)"
    )
    func undoneDeleteThenBulkDeleteElsewhere() throws {
        try replay([
            .insert(.toy, ["serial": .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))], toOne: [:]),
            .save,
            .delete(.toy, slot: 1),
            .undo,
            .deleteWhereInOtherContext(
                GeneratedQuery(
                    kind: .toy, predicate: 1, parameter: .int(4), sort: 1, reverse: true, offset: nil, limit: nil)),
        ])
    }

    @Test(
        "models deleted together by delete(model:where:) let go of each other, whatever order their rules ran in, and stay so once inserted again (OSD_SEED=130020318052)"
    )
    func bulkDeletedModelsLetGoOfEachOther() throws {
        let pets = GeneratedRelationship.all.first { $0.owner == .person && $0.name == "pets" }!
        let bornFirst: [String: GeneratedValue] = [
            "born": .date(Date(timeIntervalSinceReferenceDate: 259201.5)), "staffNumber": .int(0),
        ]
        try replay([
            .insert(.pet, ["name": .string("zed")], toOne: [:]),
            .insert(.employee, bornFirst, toOne: [:]),
            .insert(.person, [:], toOne: ["mentor": 0]),
            .deleteWhere(
                GeneratedQuery(
                    kind: .person, predicate: 0, parameter: .null, sort: 3, reverse: false, offset: nil, limit: nil)),
            .reinsert(.person, slot: 0),
            .reinsert(.person, slot: 0),
            .replace(pets, slot: 1, targets: [0]),
            .undo,
        ])
    }

    @Test(
        "a badge's delete changes its holder, whose badges were not read, in a context that deleted another model first: a fetch then leaves the holder's values as read (OSD_SEED=958787612000)"
    )
    func deleteChangesHolderOfUnreadList() throws {
        let members = GeneratedRelationship.all.first { $0.owner == .club && $0.name == "members" }!
        try replay([
            .insert(.employee, ["staffNumber": .int(3), "active": .bool(false)], toOne: [:]),
            .insert(.pet, [:], toOne: [:]),
            .insert(.club, ["code": .string("C0")], toOne: [:]),
            .insert(.badge, [:], toOne: ["holder": 0]),
            .save,
            .appendInSecond(members, slot: 0, target: 0),
            .saveSecond,
            .changeInSecond(.person, slot: 0, attribute: "active", .bool(true)),
            .delete(.pet, slot: 0),
            .delete(.badge, slot: 0),
            .saveSecond,
        ])
    }
}
