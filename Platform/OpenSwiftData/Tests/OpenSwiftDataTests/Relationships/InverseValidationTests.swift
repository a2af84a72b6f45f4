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

/// Inverse pairs that type-check but are not sound: a subclass-typed relationship paired
/// with a superclass's property, two relationships claiming one inverse, and pairs whose
/// other side does not point back.
enum UnsoundInverse {
    @Model
    class Auto {
        var plate: String
        var garage: Garage?

        init(plate: String) { self.plate = plate }
    }

    @Model
    final class Coupe: Auto {
        var doors: Int = 2

        init(plate: String, doors: Int) {
            self.doors = doors
            super.init(plate: plate)
        }
    }

    /// `Auto.garage` may hold any `Auto`; its inverse may not be an array of coupes.
    @Model
    final class Garage {
        var name: String
        @Relationship(inverse: \Auto.garage) var coupes: [Coupe] = []

        init(name: String) { self.name = name }
    }

    @Model
    class Boat {
        var name: String
        var harbour: Harbour?

        init(name: String) { self.name = name }
    }

    @Model
    final class Yacht: Boat {
        var length: Double = 0

        init(name: String, length: Double) {
            self.length = length
            super.init(name: name)
        }
    }

    /// No inverse declared: `Yacht.harbour` (inherited from `Boat`) would be inferred.
    @Model
    final class Harbour {
        var name: String
        var yachts: [Yacht] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Writer {
        var name: String
        @Relationship(inverse: \Paper.author) var drafts: [Paper] = []
        @Relationship(inverse: \Paper.author) var published: [Paper] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Paper {
        var title: String
        var author: Writer?

        init(title: String) { self.title = title }
    }

    @Model
    final class Team {
        var name: String
        @Relationship(inverse: \Player.team) var members: [Player] = []
        var alumni: [Player] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Player {
        var name: String
        @Relationship(inverse: \Team.alumni) var team: Team?

        init(name: String) { self.name = name }
    }

    @Model
    final class Club {
        var name: String
        @Relationship(inverse: \Fan.club) var fans: [Fan] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Fan {
        var name: String
        @Relationship(inverse: nil) var club: Club?

        init(name: String) { self.name = name }
    }

    /// `Shop.staff` and `Clerk.shop` are a declared pair; `Shop.former` has no inverse to
    /// infer (`Clerk.shop` is taken), so it is one-way.
    @Model
    final class Shop {
        var name: String
        @Relationship(inverse: \Clerk.shop) var staff: [Clerk] = []
        var former: [Clerk] = []

        init(name: String) { self.name = name }
    }

    @Model
    final class Clerk {
        var name: String
        var shop: Shop?

        init(name: String) { self.name = name }
    }

    /// A sound pair across a hierarchy: the array holds the class that declares the inverse.
    @Model
    final class Depot {
        var name: String
        @Relationship(inverse: \Lorry.depot) var lorries: [Lorry] = []

        init(name: String) { self.name = name }
    }

    @Model
    class Lorry {
        var plate: String
        var depot: Depot?

        init(plate: String) { self.plate = plate }
    }

    @Model
    final class Tipper: Lorry {
        var capacity: Double = 0

        init(plate: String, capacity: Double) {
            self.capacity = capacity
            super.init(plate: plate)
        }
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

    /// The message of the error creating a container of `types` throws, or "" (and a
    /// failed expectation) when it throws none.
    private func refusal(_ types: [any PersistentModel.Type]) -> String {
        let error = #expect(throws: SwiftDataError.self) {
            _ = try makeInMemoryContainer(types)
        }
        guard let error else { return "" }
        #expect(error == .loadIssueModelContainer)
        if case .invalidModel = error.cause {} else { Issue.record("unexpected cause \(error.cause)") }
        return "\(error)"
    }

    @Test("a subclass-typed relationship whose inverse a superclass declares is refused, naming both")
    func subclassArrayAgainstSuperclassInverse() {
        let message = refusal([UnsoundInverse.Garage.self])
        #expect(message.contains("Garage.coupes"))
        #expect(message.contains("garage"))
        #expect(message.contains("Auto"))
    }

    @Test("a subclass-typed relationship is not paired with a superclass's property by inference either")
    func subclassArrayAgainstInferredSuperclassInverse() {
        let message = refusal([UnsoundInverse.Harbour.self])
        #expect(message.contains("Harbour.yachts"))
        #expect(message.contains("Boat"))
    }

    @Test("two relationships declaring the same inverse are refused, naming the three")
    func twoPropertiesClaimOneInverse() {
        let message = refusal([UnsoundInverse.Writer.self])
        #expect(message.contains("Writer.drafts"))
        #expect(message.contains("Writer.published"))
        #expect(message.contains("Paper.author"))
    }

    @Test("an inverse whose other side is paired with another relationship is refused")
    func asymmetricPair() {
        let message = refusal([UnsoundInverse.Team.self])
        #expect(message.contains("Team.members"))
        #expect(message.contains("Player.team"))
        #expect(message.contains("Team.alumni"))
    }

    @Test("an inverse whose other side is one-way is refused")
    func inverseOfOneWayRelationship() {
        let message = refusal([UnsoundInverse.Club.self])
        #expect(message.contains("Club.fans"))
        #expect(message.contains("Fan.club"))
        #expect(message.contains("one-way"))
    }

    @Test("a relationship to a superclass paired across the hierarchy holds its subclass models")
    func superclassArrayAcrossHierarchy() throws {
        let container = try makeInMemoryContainer([UnsoundInverse.Depot.self, UnsoundInverse.Tipper.self])
        let context = ModelContext(container)
        let depot = UnsoundInverse.Depot(name: "North")
        context.insert(depot)
        let tipper = UnsoundInverse.Tipper(plate: "T-1", capacity: 12)
        context.insert(tipper)
        tipper.depot = depot
        try context.save()
        let fetched = try #require(try ModelContext(container).fetch(FetchDescriptor<UnsoundInverse.Depot>()).first)
        #expect(fetched.lorries.map(\.plate) == ["T-1"])
        #expect(fetched.lorries.first is UnsoundInverse.Tipper)
    }

    @Test("a relationship beside a declared pair is not inferred as the pair's inverse: it is one-way")
    func relationshipBesideDeclaredPair() throws {
        let container = try makeInMemoryContainer([UnsoundInverse.Shop.self])
        let context = ModelContext(container)
        let shop = UnsoundInverse.Shop(name: "Corner")
        let clerk = UnsoundInverse.Clerk(name: "Ana")
        context.insert(shop)
        context.insert(clerk)
        shop.former = [clerk]
        #expect(clerk.shop == nil)
        shop.staff = [clerk]
        #expect(clerk.shop === shop)
        #expect(shop.former.map(\.name) == ["Ana"])
        try context.save()
    }

    @Test("a model of another class in a relationship array stops the program, in every build")
    func wrongClassInArrayTraps() async {
        await #expect(processExitsWith: .failure) {
            let models: [any PersistentModel] = [UnsoundInverse.Auto(plate: "A-1")]
            _ = [UnsoundInverse.Coupe]._make(fromModels: models, as: [UnsoundInverse.Coupe].self)
        }
    }

    @Test("well-declared inverses still build")
    func validInverses() throws {
        _ = try makeInMemoryContainer(tripSchemaTypes)
    }
}
