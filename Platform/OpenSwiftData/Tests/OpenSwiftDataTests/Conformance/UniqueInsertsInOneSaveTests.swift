import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

@Model
final class Hashtag {
    @Attribute(.unique) var text: String
    var uses: Int

    init(text: String, uses: Int) {
        self.text = text
        self.uses = uses
    }
}

/// Two models inserted with one unique value before one save are one row: "Ensures the
/// property's value is unique across all models of the same type" (SwiftData's
/// `Schema.Attribute.Option.unique`), and a model inserted with a stored model's unique value
/// updates that row (WWDC23 "Model your schema with SwiftData"). Which values the row keeps is
/// OpenSwiftData's rule, as for an upsert of a stored row: the later insert's, written onto the
/// row of the earlier, whose model stays the row's one live model.
struct UniqueInsertsInOneSaveTests {
    @Test("two inserts with one unique value in one save are one row, the earlier model its live model")
    func twoInsertsAreOneRow() throws {
        let folder = TemporaryFolder()
        let url = folder.file("tags.sqlite")
        let container = try ModelContainer(for: Hashtag.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let first = Hashtag(text: "swift", uses: 1)
        let second = Hashtag(text: "swift", uses: 2)
        context.insert(first)
        context.insert(second)
        try context.save()

        let rows = try readStoreFile(url) { db in try Row.fetchAll(db, sql: "SELECT _pk, text, uses FROM Hashtag") }
        #expect(rows.count == 1)
        #expect(rows.first?["uses"] == 2)
        let fetched = try context.fetch(FetchDescriptor<Hashtag>())
        #expect(fetched.count == 1)
        #expect(fetched.first === first)
        #expect(first.uses == 2)
        #expect(first.persistentModelID.primaryKey == rows.first?["_pk"])
        #expect(second.modelContext == nil)
        first.uses = 3
        try context.save()
        let reread = try ModelContext(container).fetch(FetchDescriptor<Hashtag>())
        #expect(reread.map(\.uses) == [3])
    }
}
