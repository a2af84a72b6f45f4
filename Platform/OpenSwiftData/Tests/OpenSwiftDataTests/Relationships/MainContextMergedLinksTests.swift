import Foundation
import Testing

@testable import OpenSwiftData

/// The main context merges other contexts' saves ("What is supported", "The main context
/// merges other contexts' saves"): its models without unsaved changes show the links as stored,
/// also those the saving context did not know it changed: a link column its delete set to
/// NULL in a row it never read, a list through the inverse of a to-one whose old target it
/// had not read.
@Suite("Links the main context merges")
@MainActor
struct MainContextMergedLinksTests {
    typealias Person = Generated.Person
    typealias Employee = Generated.Employee
    typealias Toy = Generated.Toy
    typealias Club = Generated.Club

    /// Lets the main actor run the merges other contexts' saves scheduled.
    private func endTurn() async {
        for _ in 0..<10 { await Task.yield() }
    }

    @Test("a toy whose sponsor another context deleted shows none, though the deleting context never read the toy")
    func sponsorDeletedElsewhere() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(Generated.types, folder: folder)
        let main = container.mainContext
        let club = Club(rid: 1, code: "C1", title: "Chess")
        let toy = Toy(rid: 2, label: "Ball")
        main.insert(club)
        main.insert(toy)
        toy.sponsor = club
        try main.save()
        #expect(club.sponsored.map(\.rid) == [2])

        // `.noAction`: the delete leaves the toy alone in memory; the store's delete clears it.
        let other = ModelContext(container)
        other.delete(try #require(try other.fetch(FetchDescriptor<Club>()).first))
        try other.save()
        await endTurn()

        #expect(club.modelContext == nil)
        #expect(toy.sponsor == nil)
    }

    @Test("a manager replaced by a context that read the club before the manager was set no longer manages it")
    func managerReplacedByStaleContext() async throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(Generated.types, folder: folder)
        let main = container.mainContext
        let club = Club(rid: 1, code: "C1", title: "Chess")
        let first = Employee(rid: 2, name: "Ada", salary: 1)
        let second = Employee(rid: 3, name: "Bo", salary: 2)
        main.insert(club)
        main.insert(first)
        main.insert(second)
        // Staff numbers are unique: the same one would make the second an upsert of the first.
        first.staffNumber = 1
        second.staffNumber = 2
        try main.save()
        let other = ModelContext(container)
        let otherClub = try #require(try other.fetch(FetchDescriptor<Club>()).first)
        #expect(otherClub.manager == nil)

        club.manager = first
        try main.save()
        #expect(first.managed.map(\.rid) == [1])
        let otherSecond = try #require(try other.fetch(FetchDescriptor<Employee>()).first(where: { $0.rid == 3 }))
        otherClub.manager = otherSecond
        try other.save()
        await endTurn()

        #expect(club.manager === second)
        #expect(first.managed.isEmpty)
        #expect(second.managed.map(\.rid) == [1])
    }
}
