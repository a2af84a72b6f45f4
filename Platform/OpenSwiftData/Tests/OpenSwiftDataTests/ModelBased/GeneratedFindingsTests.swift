import Foundation
import Testing

/// What the generated sequences found, each kept as the shrunk sequence that showed it,
/// with the seed that found it (`OSD_SEED=…` replays the whole sequence).
@Suite("Findings of the generated sequences")
struct GeneratedFindingsTests {
    private func replay(_ operations: [GeneratedOperation]) throws {
        try SequenceRunner().run(operations)
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
}
