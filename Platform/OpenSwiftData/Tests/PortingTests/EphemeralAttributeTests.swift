import Foundation
import SwiftData
import Testing

@Model
final class Draft {
    var title: String
    @Attribute(.ephemeral) var isEditing: Bool = false

    init(title: String) { self.title = title }
}

@Suite("@Attribute(.ephemeral)")
struct EphemeralAttributeTests {
    @Test("is kept in memory and never stored")
    func notPersisted() throws {
        let container = try ModelContainer(
            for: Draft.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let draft = Draft(title: "Notes")
        draft.isEditing = true
        context.insert(draft)
        try context.save()
        #expect(draft.isEditing)
        #expect(container.schema.entity(for: Draft.self)?.storedPropertyNames == ["title"])

        let fresh = try #require(try ModelContext(container).fetch(FetchDescriptor<Draft>()).first)
        #expect(fresh.title == "Notes")
        #expect(!fresh.isEditing)
    }
}
