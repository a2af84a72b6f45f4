import Foundation
import Testing

@testable import OpenSwiftData

/// Models whose `@Relationship(inverse:)` names a relationship that does not point back.
enum MisdeclaredInverse {
    @Model
    final class Publisher {
        var name: String
        // `Book.editors` holds editors, not publishers.
        @Relationship(inverse: \Book.editors) var books: [Book] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Book {
        var title: String
        var editors: [Editor] = []

        init(title: String) { self.title = title }
    }

    @Model
    final class Editor {
        var name: String
        var books: [Book] = []

        init(name: String) { self.name = name }
    }

    /// Names a key path of a model that is not the relationship's target.
    @Model
    final class Shelf {
        var label: String
        @Relationship(inverse: \Editor.books) var books: [Book] = []

        init(label: String) { self.label = label }
    }
}

@Suite("Declared inverses are checked when the schema is built")
struct InverseValidationTests {
    @Test("an inverse whose relationship targets another model is refused, naming both properties")
    func inverseOfAnotherModel() throws {
        let error = #expect(throws: SwiftDataError.self) {
            _ = try makeInMemoryContainer([MisdeclaredInverse.Publisher.self])
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("Publisher.books"))
        #expect(message.contains("Book.editors"))
    }

    @Test("an inverse that is not a relationship of the target is refused")
    func inverseOutsideTarget() throws {
        let error = #expect(throws: SwiftDataError.self) {
            _ = try makeInMemoryContainer([MisdeclaredInverse.Shelf.self])
        }
        #expect(error.map { "\($0)" }?.contains("Shelf.books") == true)
    }

    @Test("well-declared inverses still build")
    func validInverses() throws {
        _ = try makeInMemoryContainer(tripSchemaTypes)
    }
}
