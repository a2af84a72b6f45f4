import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A one-to-one relationship stays a pair in the store when two contexts pair one model
/// with two others: the later save wins the pair, and the model it took leaves the other.
@Suite("One-to-one relationships saved by two contexts")
struct OneToOneAcrossContextsTests {
    typealias Pet = Generated.Pet
    typealias Toy = Generated.Toy

    /// Two pets and a toy saved, none paired; a second context's models of the second pet
    /// and the toy.
    private struct Pets {
        let container: ModelContainer
        let context: ModelContext
        let other: ModelContext
        let first = Pet(rid: 1, name: "Rex")
        let second = Pet(rid: 2, name: "Fido")
        let toy = Toy(rid: 3, label: "Ball")

        init(folder: TemporaryFolder) throws {
            container = try makeContainer(Generated.types, folder: folder)
            context = ModelContext(container)
            context.insert(first)
            context.insert(second)
            context.insert(toy)
            try context.save()
            other = ModelContext(container)
        }

        func otherModel<T: PersistentModel>(_ type: T.Type, rid: Int) throws -> T {
            try #require(
                try other.fetch(FetchDescriptor<T>()).first { ($0 as? Pet)?.rid == rid || ($0 as? Toy)?.rid == rid })
        }

        /// The toy made the first pet's favorite here and, saved first, the second pet's in
        /// the other context; then this context saves.
        func pairTheToyTwice() throws {
            first.favorite = toy
            try otherModel(Pet.self, rid: 2).favorite = try otherModel(Toy.self, rid: 3)
            try other.save()
            try context.save()
        }

        /// The one-to-one's columns as stored, by rid: each pet's favorite, each toy's pet.
        func columns() throws -> [String] {
            try readSQL(container) { db in
                let pets = try Row.fetchAll(
                    db, sql: "SELECT p.rid, t.rid FROM Pet AS p LEFT JOIN Toy AS t ON t._pk = p.favorite ORDER BY p.rid"
                )
                let toys = try Row.fetchAll(
                    db,
                    sql: "SELECT t.rid, p.rid FROM Toy AS t LEFT JOIN Pet AS p ON p._pk = t.favoriteOf ORDER BY t.rid")
                return pets.map { "pet \($0[0] as Int) → \(($0[1] as Int?) ?? 0)" }
                    + toys.map { "toy \($0[0] as Int) → \(($0[1] as Int?) ?? 0)" }
            }
        }
    }

    @Test("the later save pairs the toy with its pet, and the pet the other context paired lets go of it")
    func laterSaveWinsThePair() throws {
        let folder = TemporaryFolder()
        let pets = try Pets(folder: folder)
        try pets.pairTheToyTwice()

        #expect(try pets.columns() == ["pet 1 → 3", "pet 2 → 0", "toy 3 → 1"])
        let fresh = ModelContext(pets.container)
        let second = try #require(try fresh.fetch(FetchDescriptor<Pet>(predicate: #Predicate { $0.rid == 2 })).first)
        #expect(second.favorite == nil)
    }

    @Test("deleting the pet that lost the pair leaves the toy, its cascade having nothing to delete")
    func deletingTheOtherPetKeepsTheToy() throws {
        let folder = TemporaryFolder()
        let pets = try Pets(folder: folder)
        try pets.pairTheToyTwice()

        let fresh = ModelContext(pets.container)
        let second = try #require(try fresh.fetch(FetchDescriptor<Pet>(predicate: #Predicate { $0.rid == 2 })).first)
        fresh.delete(second)
        try fresh.save()
        #expect(try ModelContext(pets.container).fetchCount(FetchDescriptor<Toy>()) == 1)
        #expect(try pets.columns() == ["pet 1 → 3", "toy 3 → 1"])
    }

    @Test("a toy paired with a pet by the other context lets go of it when this context pairs the pet with another toy")
    func pairedFromTheOtherSide() throws {
        let folder = TemporaryFolder()
        let pets = try Pets(folder: folder)
        let rope = Toy(rid: 4, label: "Rope")
        pets.context.insert(rope)
        try pets.context.save()
        try pets.otherModel(Toy.self, rid: 3).favoriteOf = try pets.otherModel(Pet.self, rid: 1)
        try pets.other.save()
        pets.first.favorite = rope
        try pets.context.save()

        #expect(try pets.columns() == ["pet 1 → 4", "pet 2 → 0", "toy 3 → 0", "toy 4 → 1"])
    }

    @Test("the history records the other pet's release as an update of its favorite")
    func releaseIsInTheHistory() throws {
        let folder = TemporaryFolder()
        let pets = try Pets(folder: folder)
        try pets.pairTheToyTwice()

        let last = try #require(
            try ModelContext(pets.container).fetchHistory(HistoryDescriptor<DefaultHistoryTransaction>()).last)
        let updated = last.changes.compactMap { change -> PersistentIdentifier? in
            guard case .update(let update) = change else { return nil }
            return update.changedPersistentIdentifier
        }
        #expect(updated.contains(pets.second.persistentModelID))
    }

    @Test("the main context's toy shows the pair another context's save took from it, once merged")
    @MainActor
    func mainContextSeesTheRelease() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(Generated.types, folder: folder)
        let main = container.mainContext
        let pet = Pet(rid: 1, name: "Rex")
        let ball = Toy(rid: 2, label: "Ball")
        let bone = Toy(rid: 3, label: "Bone")
        main.insert(pet)
        main.insert(ball)
        main.insert(bone)
        try main.save()
        // The other context reads the pet before the main context pairs it with the ball.
        let other = ModelContext(container)
        let otherPet = try #require(try other.fetch(FetchDescriptor<Pet>()).first)
        #expect(otherPet.favorite == nil)
        pet.favorite = ball
        try main.save()
        let otherBone = try #require(try other.fetch(FetchDescriptor<Toy>()).first(where: { $0.rid == 3 }))
        otherPet.favorite = otherBone
        try other.save()
        for _ in 0..<10 { await Task.yield() }

        #expect(pet.favorite === bone)
        #expect(ball.favoriteOf == nil)
        #expect(bone.favoriteOf === pet)
    }
}
