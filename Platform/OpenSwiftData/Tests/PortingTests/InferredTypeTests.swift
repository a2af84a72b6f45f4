import Foundation
import SwiftData
import Testing

/// Properties typed by their initial value, as SwiftData apps often declare them.
@Model
final class Memo {
    var id = UUID()
    var pinned = false
    var tags = [String]()
    var kind = Kind.note
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var title: String

    enum Kind: String, Codable {
        case note, reminder
    }

    init(title: String) { self.title = title }
}

@Suite("Persisted properties without a type annotation")
struct InferredTypeTests {
    @Test("are stored, read back, and queried by their inferred type")
    func inferredTypes() throws {
        let container = try ModelContainer(
            for: Memo.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let memo = Memo(title: "Call")
        memo.pinned = true
        memo.tags = ["home", "urgent"]
        memo.kind = .reminder
        context.insert(memo)
        context.insert(Memo(title: "Read"))
        try context.save()

        let fresh = ModelContext(container)
        let pinned = try fresh.fetch(FetchDescriptor<Memo>(predicate: #Predicate { $0.pinned }))
        let found = try #require(pinned.first)
        #expect(pinned.count == 1)
        #expect(found.id == memo.id)
        #expect(found.tags == ["home", "urgent"])
        #expect(found.kind == .reminder)
        #expect(found.title == "Call")
        let other = try #require(try fresh.fetch(FetchDescriptor<Memo>(predicate: #Predicate { !$0.pinned })).first)
        #expect(other.id != memo.id)
        #expect(other.tags.isEmpty)
        #expect(other.kind == .note)
    }
}
