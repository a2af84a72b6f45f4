import Foundation
import Testing

@testable import OpenSwiftData

/// A `let` relationship: `@Model` accepts the declaration (the compiler checks its type),
/// and the container refuses it, naming it.
@Model
final class Ticket {
    var seat: String
    let trip: Trip?

    init(seat: String, trip: Trip?) {
        self.seat = seat
        self.trip = trip
    }
}

/// A property whose type, given by its initial value, cannot be stored.
@Model
final class Lantern {
    var name: String
    var lock = NSLock()

    init(name: String) { self.name = name }
}

/// Models related to a model that cannot be stored, to-one and to-many.
@Model
final class Porch {
    var name: String
    var lantern: Lantern?

    init(name: String) { self.name = name }
}

@Model
final class Garden {
    var name: String
    var lanterns: [Lantern] = []

    init(name: String) { self.name = name }
}

/// What `@Model` cannot check from the source alone is refused when the container is
/// created, with an error that names the entity and the property.
@Suite("Models the container refuses")
struct InvalidModelTests {
    private func expectInvalid(
        _ types: [any PersistentModel.Type], entity: String, reasonContaining expected: String
    ) {
        #expect {
            _ = try makeInMemoryContainer(types)
        } throws: { error in
            guard case .invalidModel(let refused, let reason)? = (error as? SwiftDataError)?.cause else { return false }
            return refused == entity && reason.contains(expected)
        }
    }

    @Test("a relationship declared with 'let'")
    func letRelationship() {
        expectInvalid(
            tripSchemaTypes + [Ticket.self], entity: "Ticket",
            reasonContaining: "relationship 'trip' is a 'let'; declare it with 'var'")
    }

    @Test("a property typed by its initial value with a type that cannot be stored")
    func inferredUnstorableType() {
        expectInvalid(
            [Lantern.self], entity: "Lantern", reasonContaining: "'lock' has type NSLock, which cannot be stored")
    }

    @Test("a model with a to-one relationship to one that cannot be stored is refused with that model's error")
    func toOneToInvalidModel() {
        expectInvalid(
            [Porch.self], entity: "Lantern", reasonContaining: "'lock' has type NSLock, which cannot be stored")
    }

    @Test("a model with a to-many relationship to one that cannot be stored is refused with that model's error")
    func toManyToInvalidModel() {
        expectInvalid(
            [Garden.self], entity: "Lantern", reasonContaining: "'lock' has type NSLock, which cannot be stored")
    }
}
