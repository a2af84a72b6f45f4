import Foundation
import OpenSwiftData

/// ``Generated``'s schema as a versioned schema, and the next version a sequence may
/// migrate to: lightweight changes of each kind at once (an optional attribute added, an
/// attribute with a default added, an attribute and a relationship renamed with
/// `originalName`, an attribute removed), over the same relationships and hierarchy.
enum GeneratedV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = Generated.types
}

enum GeneratedV2: VersionedSchema {
    static let versionIdentifier = Schema.Version(2, 0, 0)
    static let models: [any PersistentModel.Type] = [
        Person.self, Employee.self, Pet.self, Toy.self, Club.self, Badge.self,
    ]

    @Model
    class Person {
        var rid: Int
        var name: String
        var age: Int = 0
        var score: Double?
        var born: Date?
        var active: Bool = true
        var mood: Generated.Mood?
        // `nicknames` is removed: its values go with it.
        @Attribute(.externalStorage) var photo: Data?
        @Attribute(.unique) var handle: String?
        /// Added, optional.
        var email: String?
        @Relationship(deleteRule: .cascade, inverse: \Pet.owner) var pets: [Pet] = []
        @Relationship(deleteRule: .nullify, inverse: \Club.members) var clubs: [Club] = []
        @Relationship(deleteRule: .cascade, inverse: \Badge.holder) var badges: [Badge] = []
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
        @Attribute(.unique) var staffNumber: Int = 0
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
        /// `toys`, renamed.
        @Relationship(deleteRule: .deny, originalName: "toys", inverse: \Toy.pet) var playthings: [Toy] = []
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
        /// Added, with a default that fills every stored row.
        var color: String = "red"
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
        /// `title`, renamed.
        @Attribute(originalName: "title") var name: String
        var members: [Person] = []
        @Relationship(deleteRule: .noAction, inverse: \Toy.sponsor) var sponsored: [Toy] = []
        var manager: Employee?

        init(rid: Int, code: String, name: String) {
            self.rid = rid
            self.code = code
            self.name = name
        }
    }

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
}

enum GeneratedV1Plan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [GeneratedV1.self]
    static let stages: [MigrationStage] = []
}

enum GeneratedMigrationPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [GeneratedV1.self, GeneratedV2.self]
    static let stages: [MigrationStage] = [.lightweight(fromVersion: GeneratedV1.self, toVersion: GeneratedV2.self)]
}

/// Reads the next version's models as the reference names them: each model as the
/// reference's object of V1 would read after the migration.
enum GeneratedNextVersionAccess {
    typealias Object = ReferenceStore.Object

    /// What the migration makes of a V1 object: renamed names back to V1's, so that one
    /// comparison serves; `nicknames` gone, `email` nil, `color` "red".
    static func migrated(_ object: Object) -> Object {
        var result = object
        result.attributes["nicknames"] = nil
        if [.person, .employee].contains(object.kind) { result.attributes["email"] = .null }
        if object.kind == .toy { result.attributes["color"] = .string("red") }
        return result
    }

    /// Every model of the next version in `context`, by rid.
    static func objects(in context: ModelContext) throws -> [Int: Object] {
        var objects: [Int: Object] = [:]
        for person in try context.fetch(FetchDescriptor<GeneratedV2.Person>()) {
            var attributes: [String: GeneratedValue] = [
                "name": .string(person.name), "age": .int(person.age),
                "score": person.score.map(GeneratedValue.double) ?? .null,
                "born": person.born.map(GeneratedValue.date) ?? .null, "active": .bool(person.active),
                "mood": person.mood.map { .string($0.rawValue) } ?? .null,
                "photo": person.photo.map(GeneratedValue.data) ?? .null,
                "email": person.email.map(GeneratedValue.string) ?? .null,
                "handle": person.handle.map(GeneratedValue.string) ?? .null,
            ]
            var kind = GeneratedKind.person
            var links: [String: Set<Int>] = [
                "pets": Set(person.pets.map(\.rid)), "clubs": Set(person.clubs.map(\.rid)),
                "badges": Set(person.badges.map(\.rid)), "mentor": Set(person.mentor.map { [$0.rid] } ?? []),
                "mentees": Set(person.mentees.map(\.rid)),
            ]
            if let employee = person as? GeneratedV2.Employee {
                kind = .employee
                attributes["salary"] = .int(employee.salary)
                attributes["staffNumber"] = .int(employee.staffNumber)
                links["managed"] = Set(employee.managed.map(\.rid))
            }
            objects[person.rid] = Object(kind: kind, attributes: attributes, links: links)
        }
        for pet in try context.fetch(FetchDescriptor<GeneratedV2.Pet>()) {
            objects[pet.rid] = Object(
                kind: .pet, attributes: ["name": .string(pet.name), "weight": .double(pet.weight)],
                links: [
                    "owner": Set(pet.owner.map { [$0.rid] } ?? []), "toys": Set(pet.playthings.map(\.rid)),
                    "favorite": Set(pet.favorite.map { [$0.rid] } ?? []),
                ])
        }
        for toy in try context.fetch(FetchDescriptor<GeneratedV2.Toy>()) {
            objects[toy.rid] = Object(
                kind: .toy,
                attributes: [
                    "label": .string(toy.label), "serial": toy.serial.map(GeneratedValue.uuid) ?? .null,
                    "link": toy.link.map(GeneratedValue.url) ?? .null, "color": .string(toy.color),
                ],
                links: [
                    "pet": Set(toy.pet.map { [$0.rid] } ?? []), "sponsor": Set(toy.sponsor.map { [$0.rid] } ?? []),
                    "favoriteOf": Set(toy.favoriteOf.map { [$0.rid] } ?? []),
                ])
        }
        for club in try context.fetch(FetchDescriptor<GeneratedV2.Club>()) {
            objects[club.rid] = Object(
                kind: .club, attributes: ["code": .string(club.code), "title": .string(club.name)],
                links: [
                    "members": Set(club.members.map(\.rid)), "sponsored": Set(club.sponsored.map(\.rid)),
                    "manager": Set(club.manager.map { [$0.rid] } ?? []),
                ])
        }
        for badge in try context.fetch(FetchDescriptor<GeneratedV2.Badge>()) {
            objects[badge.rid] = Object(
                kind: .badge, attributes: ["label": .string(badge.label), "level": .int(badge.level)],
                links: ["holder": [badge.holder.rid]])
        }
        return objects
    }
}
