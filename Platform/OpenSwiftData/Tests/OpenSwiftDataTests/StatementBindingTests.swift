import Foundation
import GRDB
import Testing

@testable import OpenSwiftData

/// A save binds text to its statements with SQLite's C API: the stored text is exactly
/// the model's, an empty string stays an empty string (not NULL), and the bytes are
/// copied, so a value released right after the save is stored whole.
@Suite("Text bound by a save")
struct StatementBindingTests {
    @Test(
        "is stored as the model's string, in an insert and in an update",
        arguments: ["", "Zürich", "🚆 night train", "50,000 bytes"])
    func storedExactly(example: String) throws {
        let text = example == "50,000 bytes" ? String(repeating: "long ", count: 10_000) : example
        let folder = TemporaryFolder()
        let container = try makeContainer(tripSchemaTypes, folder: folder)
        let context = ModelContext(container)
        let inserted = Trip(name: text)
        let updated = Trip(name: "before")
        context.insert(inserted)
        context.insert(updated)
        try context.save()
        updated.name = text + "!"
        try context.save()

        let rows = try readSQL(container) { db in
            try Row.fetchAll(db, sql: #"SELECT "name", typeof("name") AS type FROM "Trip" ORDER BY "_pk""#)
        }
        #expect(rows.map { $0["type"] as String } == ["text", "text"])
        #expect(rows.map { $0["name"] as String } == [text, text + "!"])
        let names = try ModelContext(container).fetch(FetchDescriptor<Trip>()).map(\.name).sorted()
        #expect(names == [text, text + "!"].sorted())
    }
}
