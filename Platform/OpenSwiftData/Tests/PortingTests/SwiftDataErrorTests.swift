import Foundation
import SwiftData
import Testing

@Suite("SwiftDataError as SwiftData declares it")
struct SwiftDataErrorTests {
    @Test("a store that cannot be loaded is caught as .loadIssueModelContainer, with its cause readable")
    func loadIssue() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "PortingTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appending(path: "notes.store")
        try Data("not a database, just text".utf8).write(to: url)

        var caught: SwiftDataError?
        do {
            _ = try ModelContainer(for: Recipe.self, configurations: ModelConfiguration(url: url))
        } catch let error as SwiftDataError where error == .loadIssueModelContainer {
            caught = error
        }
        let error = try #require(caught)
        #expect(error != .modelValidationFailure)
        guard case .notADatabase(let path) = error.cause else {
            Issue.record("unexpected cause \(String(describing: error.cause))")
            return
        }
        #expect(path == url.path)
        #expect(error.localizedDescription.contains("is not an SQLite database"))
    }

    @Test("a .deny rule breaks a save as .modelValidationFailure")
    func validationFailure() throws {
        let container = try ModelContainer(
            for: Shelf.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = ModelContext(container)
        let shelf = Shelf(label: "A")
        context.insert(shelf)
        shelf.boxes = [Box()]
        try context.save()
        context.delete(shelf)
        #expect(throws: SwiftDataError.modelValidationFailure) { try context.save() }
    }
}

@Model
final class Shelf {
    var label: String
    @Relationship(deleteRule: .deny) var boxes: [Box] = []
    init(label: String) { self.label = label }
}

@Model
final class Box {
    var shelf: Shelf?
    init() {}
}
