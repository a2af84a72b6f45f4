import Foundation
import Testing

@testable import OpenSwiftData

/// A rollback after `delete(model:where:)` went through while the context held unsaved
/// changes: the models take back their values from before the changes, and their links as
/// the store holds them, without the rows the bulk delete removed.
@Suite("A rollback after a bulk delete among unsaved changes")
struct BulkDeleteRollbackTests {
    typealias Person = Generated.Person

    @Test("a changed model whose to-one the bulk delete removed holds no model after the rollback")
    func toOneToDeletedRowGone() throws {
        let folder = TemporaryFolder()
        let container = try makeContainer(Generated.types, folder: folder)
        let context = ModelContext(container)
        let mentor = Person(rid: 1, name: "Dee")
        let person = Person(rid: 2, name: "Ada")
        context.insert(mentor)
        context.insert(person)
        person.mentor = mentor
        try context.save()

        person.age = 1
        try context.delete(model: Person.self, where: #Predicate { $0.name == "Dee" })
        #expect(person.mentor == nil)
        context.rollback()

        #expect(person.age == 0)
        #expect(person.mentor == nil)
        #expect(try ModelContext(container).fetchCount(FetchDescriptor<Person>()) == 1)
    }
}
