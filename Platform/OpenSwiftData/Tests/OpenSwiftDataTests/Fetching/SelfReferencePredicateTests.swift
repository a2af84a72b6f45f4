import Foundation
import Testing

@testable import OpenSwiftData

/// A tree of folders: a to-one relationship to the same entity.
@Model
final class Folder {
    var name: String
    var parent: Folder?
    @Relationship(inverse: \Folder.parent) var children: [Folder] = []

    init(name: String, parent: Folder? = nil) {
        self.name = name
        self.parent = parent
    }
}

@Suite("Predicates through a relationship to the same entity")
struct SelfReferencePredicateTests {
    @Test("a key path through a to-one relationship to the fetched entity reads the related row, not the fetched one")
    func parentName() throws {
        let container = try makeInMemoryContainer([Folder.self])
        let context = ModelContext(container)
        let root = Folder(name: "root")
        let documents = Folder(name: "documents", parent: root)
        context.insert(root)
        context.insert(documents)
        context.insert(Folder(name: "letters", parent: documents))
        context.insert(Folder(name: "music", parent: root))
        try context.save()

        let predicate = #Predicate<Folder> { $0.parent?.name == "root" }
        let descriptor = FetchDescriptor<Folder>(predicate: predicate, sortBy: [SortDescriptor(\.name)])
        let plan = try context.core.fetchPlan(for: descriptor, includingPending: false)
        #expect(plan.isAnsweredBySQL)
        let inSQL = try ModelContext(container).fetch(descriptor).map(\.name)
        let inMemory = try ModelContext(container).fetch(FetchDescriptor<Folder>(sortBy: [SortDescriptor(\.name)]))
            .filter { try predicate.evaluate($0) }.map(\.name)
        #expect(inSQL == ["documents", "music"])
        #expect(inSQL == inMemory)
    }
}
