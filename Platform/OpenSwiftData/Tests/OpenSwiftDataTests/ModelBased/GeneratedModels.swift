import Foundation
import OpenSwiftData

/// The schema the generated operation sequences run against: every kind of attribute
/// (optional and not, a stored enum, a Codable array, external storage), a class
/// hierarchy, one-to-many with each delete rule (`.noAction` included), many-to-many, a
/// required to-one, a one-to-one, a relationship of a model to its own kind, one declared
/// by a subclass, and unique attributes: on a class without subclasses, on a subclass, and
/// on a root class, which its subclass inherits. Every model carries `rid`, the reference's
/// identity for it, which no operation changes.
enum Generated {
    enum Mood: String, Codable, CaseIterable {
        case calm, busy, away
    }

    @Model
    class Person {
        var rid: Int
        var name: String
        var age: Int = 0
        var score: Double?
        var born: Date?
        var active: Bool = true
        var mood: Mood?
        var nicknames: [String] = []
        @Attribute(.externalStorage) var photo: Data?
        /// Unique among persons and employees alike: declared by the root class, which the
        /// subclass inherits (an upsert updates a row of its own class only).
        @Attribute(.unique) var handle: String?
        @Relationship(deleteRule: .cascade, inverse: \Pet.owner) var pets: [Pet] = []
        @Relationship(deleteRule: .nullify, inverse: \Club.members) var clubs: [Club] = []
        @Relationship(deleteRule: .cascade, inverse: \Badge.holder) var badges: [Badge] = []
        /// A relationship to the model's own kind (a person may mentor themself).
        var mentor: Person?
        @Relationship(deleteRule: .nullify, inverse: \Person.mentor) var mentees: [Person] = []

        init(rid: Int, name: String) {
            self.rid = rid
            self.name = name
        }
    }

    @Model
    final class Employee: Person {
        var salary: Int = 0
        /// Unique among employees: declared by the subclass, whose upsert updates the row.
        @Attribute(.unique) var staffNumber: Int = 0
        /// Declared by the subclass: a plain person manages no club.
        @Relationship(deleteRule: .nullify, inverse: \Club.manager) var managed: [Club] = []

        init(rid: Int, name: String, salary: Int) {
            self.salary = salary
            super.init(rid: rid, name: name)
        }
    }

    @Model
    final class Pet {
        var rid: Int
        var name: String
        var weight: Double = 0
        var owner: Person?
        @Relationship(deleteRule: .deny, inverse: \Toy.pet) var toys: [Toy] = []
        /// One-to-one; deleting the pet deletes its favorite toy.
        @Relationship(deleteRule: .cascade, inverse: \Toy.favoriteOf) var favorite: Toy?

        init(rid: Int, name: String) {
            self.rid = rid
            self.name = name
        }
    }

    @Model
    final class Toy {
        var rid: Int
        var label: String
        var serial: UUID?
        var link: URL?
        var pet: Pet?
        var sponsor: Club?
        var favoriteOf: Pet?

        init(rid: Int, label: String) {
            self.rid = rid
            self.label = label
        }
    }

    @Model
    final class Club {
        var rid: Int
        @Attribute(.unique) var code: String
        var title: String
        var members: [Person] = []
        /// `.noAction`: deleting a club leaves its toys' `sponsor` as it is until the save.
        @Relationship(deleteRule: .noAction, inverse: \Toy.sponsor) var sponsored: [Toy] = []
        var manager: Employee?

        init(rid: Int, code: String, title: String) {
            self.rid = rid
            self.code = code
            self.title = title
        }
    }

    /// Held by exactly one person: a required to-one, whose person's deletion cascades.
    @Model
    final class Badge {
        var rid: Int
        var label: String
        var level: Int = 0
        var holder: Person

        init(rid: Int, label: String, holder: Person) {
            self.rid = rid
            self.label = label
            self.holder = holder
        }
    }

    static let types: [any PersistentModel.Type] = [
        Person.self, Employee.self, Pet.self, Toy.self, Club.self, Badge.self,
    ]
}
