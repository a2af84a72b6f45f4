import Foundation
import Testing

@testable import OpenSwiftData

/// A deleted model inserted again, before its delete is saved or after: the models it still
/// holds show it through their inverses, in memory and in the store, as they show a new
/// model's relationships; the models deleted since stay deleted.
@Suite("A deleted model inserted again")
struct ReinsertTests {
    typealias Person = Generated.Person
    typealias Club = Generated.Club
    typealias Pet = Generated.Pet
    typealias Toy = Generated.Toy

    /// A person with a mentor and a club, saved.
    private struct Members {
        let container: ModelContainer
        let context: ModelContext
        let person = Person(rid: 1, name: "Ada")
        let mentor = Person(rid: 2, name: "Grace")
        let club = Club(rid: 3, code: "C1", title: "Chess")

        init(folder: TemporaryFolder) throws {
            container = try makeContainer(Generated.types, folder: folder)
            context = ModelContext(container)
            context.insert(person)
            context.insert(mentor)
            context.insert(club)
            person.mentor = mentor
            club.members = [person]
            try context.save()
        }

        /// What a new context reads: the person's mentor and clubs, the club's members and
        /// the mentor's mentees, by rid.
        func stored() throws -> [String] {
            let fresh = ModelContext(container)
            let person = try #require(
                try fresh.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.rid == 1 })).first)
            let mentor = try #require(
                try fresh.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.rid == 2 })).first)
            let club = try #require(try fresh.fetch(FetchDescriptor<Club>()).first)
            return [
                "mentor \(person.mentor?.rid ?? 0)", "clubs \(person.clubs.map(\.rid))",
                "members \(club.members.map(\.rid))", "mentees \(mentor.mentees.map(\.rid))",
            ]
        }
    }

    @Test(
        "the models it holds show it again, in memory and once saved",
        arguments: [false, true])
    func linkedBack(deleteSaved: Bool) throws {
        let folder = TemporaryFolder()
        let members = try Members(folder: folder)
        members.context.delete(members.person)
        if deleteSaved { try members.context.save() }
        #expect(members.club.members.isEmpty)
        #expect(members.mentor.mentees.isEmpty)

        members.context.insert(members.person)
        #expect(members.club.members.map(\.rid) == [1])
        #expect(members.mentor.mentees.map(\.rid) == [1])
        try members.context.save()
        #expect(try members.stored() == ["mentor 2", "clubs [3]", "members [1]", "mentees [1]"])
    }

    @Test("it lets go of the models deleted since its delete, which stay deleted", arguments: [false, true])
    func deletedSinceStayDeleted(deleteSaved: Bool) throws {
        let folder = TemporaryFolder()
        let members = try Members(folder: folder)
        members.context.delete(members.person)
        if deleteSaved { try members.context.save() }
        members.context.delete(members.club)
        try members.context.save()

        members.context.insert(members.person)
        #expect(members.person.clubs.isEmpty)
        try members.context.save()
        let fresh = ModelContext(members.container)
        #expect(try fresh.fetchCount(FetchDescriptor<Club>()) == 0)
        #expect(try fresh.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.rid == 1 })).first?.clubs == [])
    }

    @Test("it takes no model away from another: a one-to-one held by a new model since stays with it")
    func oneToOneStaysWithItsNewModel() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(Generated.types, folder: folder)
        let context = ModelContext(container)
        let pet = Pet(rid: 1, name: "Rex")
        let toy = Toy(rid: 2, label: "Ball")
        context.insert(pet)
        context.insert(toy)
        pet.favorite = toy
        try context.save()
        // Its favorite toy goes with it (cascade): the toy is inserted again first, and
        // becomes another pet's favorite.
        context.delete(pet)
        try context.save()
        context.insert(toy)
        let other = Pet(rid: 3, name: "Fido")
        context.insert(other)
        other.favorite = toy

        context.insert(pet)
        #expect(pet.favorite == nil)
        #expect(toy.favoriteOf?.rid == 3)
        try context.save()
        let fresh = ModelContext(container)
        let toys = try fresh.fetch(FetchDescriptor<Toy>())
        #expect(toys.map { $0.favoriteOf?.rid } == [3])
    }

    @Test("a model with unsaved changes, deleted and inserted again before the save, saves its changes")
    func changesBeforeTheDeleteAreSaved() throws {
        let folder = TemporaryFolder()
        let members = try Members(folder: folder)
        members.person.name = "Ada L."
        members.context.delete(members.person)
        members.context.insert(members.person)
        #expect(members.context.hasChanges)
        try members.context.save()
        let fresh = ModelContext(members.container)
        #expect(try fresh.fetch(FetchDescriptor<Person>(predicate: #Predicate { $0.rid == 1 })).first?.name == "Ada L.")
    }

    @Test(
        "a re-insert rolled back makes the model a deleted one again: inserted later, it brings back none of the models the rolled-back insert linked it to"
    )
    func rolledBackReinsert() throws {
        let folder = TemporaryFolder()
        let members = try Members(folder: folder)
        members.context.delete(members.person)
        try members.context.save()
        members.context.insert(members.person)
        let pet = Pet(rid: 9, name: "Rex")
        members.context.insert(pet)
        pet.owner = members.person
        members.context.rollback()

        members.context.insert(members.person)
        #expect(members.person.pets.isEmpty)
        try members.context.save()
        #expect(try ModelContext(members.container).fetchCount(FetchDescriptor<Pet>()) == 0)
    }
}
