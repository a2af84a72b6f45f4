import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class Pet {
    var name: String
    @Relationship(deleteRule: .deny, inverse: \Toy.pet) var toys: [Toy] = []
    @Relationship(deleteRule: .deny, inverse: \Sitter.pets) var sitters: [Sitter] = []

    init(name: String) { self.name = name }
}

@Model
final class Toy {
    var name: String
    var pet: Pet?

    init(name: String) { self.name = name }
}

@Model
final class Sitter {
    var name: String
    var pets: [Pet] = []

    init(name: String) { self.name = name }
}

/// `.deny`: "a rule that prevents the deletion of a model because it contains one or more
/// references to other models" (SwiftData's `Schema.Relationship.DeleteRule.deny`). The
/// references are the store's, not the deleting context's memory of them: another context
/// may link a model after this one read the relationship.
struct DenyInStoreTests {
    private let types: [any PersistentModel.Type] = [Pet.self, Toy.self, Sitter.self]

    @Test("a toy linked by another context after this one read the pet's toys denies the pet's deletion")
    func linkedElsewhereThroughColumn() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(types, folder: folder)
        let setUp = ModelContext(container)
        setUp.insert(Pet(name: "Rex"))
        setUp.insert(Toy(name: "ball"))
        try setUp.save()

        let context = ModelContext(container)
        let pet = try #require(try context.fetch(FetchDescriptor<Pet>()).first)
        #expect(pet.toys.isEmpty)
        let other = ModelContext(container)
        let toy = try #require(try other.fetch(FetchDescriptor<Toy>()).first)
        let otherPet = try #require(try other.fetch(FetchDescriptor<Pet>()).first)
        toy.pet = otherPet
        try other.save()

        context.delete(pet)
        expectCause(.deleteDenied(entity: "Pet", relationship: "toys", count: 1)) { try context.save() }
        let linked = try readStoreFile(folder.file("store.sqlite")) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM Toy JOIN Pet ON Toy.pet = Pet._pk")
        }
        #expect(linked == 1)
    }

    @Test("a sitter linked by another context denies the pet's deletion through the join table")
    func linkedElsewhereThroughJoinTable() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(types, folder: folder)
        let setUp = ModelContext(container)
        setUp.insert(Pet(name: "Rex"))
        setUp.insert(Sitter(name: "Ann"))
        try setUp.save()

        let context = ModelContext(container)
        let pet = try #require(try context.fetch(FetchDescriptor<Pet>()).first)
        #expect(pet.sitters.isEmpty)
        let other = ModelContext(container)
        let sitter = try #require(try other.fetch(FetchDescriptor<Sitter>()).first)
        sitter.pets.append(try #require(try other.fetch(FetchDescriptor<Pet>()).first))
        try other.save()

        context.delete(pet)
        expectCause(.deleteDenied(entity: "Pet", relationship: "sitters", count: 1)) { try context.save() }
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Pet>()) == 1)
    }

    @Test("a toy this context moved to another pet in the same save does not deny")
    func movedInTheSameSave() throws {
        let container = try makeInMemoryContainer(types)
        let setUp = ModelContext(container)
        let rex = Pet(name: "Rex")
        setUp.insert(rex)
        setUp.insert(Pet(name: "Fido"))
        let toy = Toy(name: "ball")
        setUp.insert(toy)
        toy.pet = rex
        try setUp.save()

        let context = ModelContext(container)
        let pets = try context.fetch(FetchDescriptor<Pet>(sortBy: [SortDescriptor(\.name)]))
        let (fido, held) = (pets[0], pets[1])
        let heldToy = try #require(held.toys.first)
        heldToy.pet = fido
        context.delete(held)
        try context.save()
        #expect(try ModelContext(container).fetch(FetchDescriptor<Toy>()).first?.pet?.name == "Fido")
    }
}
