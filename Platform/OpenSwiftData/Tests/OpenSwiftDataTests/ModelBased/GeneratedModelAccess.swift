import Foundation
import OpenSwiftData

/// Reads and writes the models of ``Generated`` by the reference's names, so that one
/// runner drives every kind.
enum GeneratedModelAccess {
    typealias Model = any PersistentModel

    static func kind(of model: Model) -> GeneratedKind {
        switch model {
        case is Generated.Employee: .employee
        case is Generated.Person: .person
        case is Generated.Pet: .pet
        case is Generated.Toy: .toy
        case is Generated.Club: .club
        case is Generated.Badge: .badge
        default: preconditionFailure("not a generated model: \(type(of: model))")
        }
    }

    static func rid(of model: Model) -> Int {
        switch model {
        case let person as Generated.Person: person.rid
        case let pet as Generated.Pet: pet.rid
        case let toy as Generated.Toy: toy.rid
        case let club as Generated.Club: club.rid
        case let badge as Generated.Badge: badge.rid
        default: preconditionFailure("not a generated model: \(type(of: model))")
        }
    }

    /// A new model, not inserted yet. A badge needs its holder.
    static func make(_ kind: GeneratedKind, rid: Int, holder: Model?) -> Model {
        switch kind {
        case .person: Generated.Person(rid: rid, name: "")
        case .employee: Generated.Employee(rid: rid, name: "", salary: 0)
        case .pet: Generated.Pet(rid: rid, name: "")
        case .toy: Generated.Toy(rid: rid, label: "")
        case .club: Generated.Club(rid: rid, code: "", title: "")
        case .badge: Generated.Badge(rid: rid, label: "", holder: holder as! Generated.Person)
        }
    }

    // MARK: Attributes

    static func value(_ attribute: String, of model: Model) -> GeneratedValue {
        switch (model, attribute) {
        case (let employee as Generated.Employee, "salary"): .int(employee.salary)
        case (let employee as Generated.Employee, "staffNumber"): .int(employee.staffNumber)
        case (let person as Generated.Person, _): personValue(attribute, of: person)
        case (let pet as Generated.Pet, "name"): .string(pet.name)
        case (let pet as Generated.Pet, "weight"): .double(pet.weight)
        case (let toy as Generated.Toy, "label"): .string(toy.label)
        case (let toy as Generated.Toy, "serial"): toy.serial.map(GeneratedValue.uuid) ?? .null
        case (let toy as Generated.Toy, "link"): toy.link.map(GeneratedValue.url) ?? .null
        case (let club as Generated.Club, "code"): .string(club.code)
        case (let club as Generated.Club, "title"): .string(club.title)
        case (let badge as Generated.Badge, "label"): .string(badge.label)
        case (let badge as Generated.Badge, "level"): .int(badge.level)
        default: preconditionFailure("no attribute \(attribute) of \(type(of: model))")
        }
    }

    private static func personValue(_ attribute: String, of person: Generated.Person) -> GeneratedValue {
        switch attribute {
        case "name": .string(person.name)
        case "age": .int(person.age)
        case "score": person.score.map(GeneratedValue.double) ?? .null
        case "born": person.born.map(GeneratedValue.date) ?? .null
        case "active": .bool(person.active)
        case "mood": person.mood.map { .string($0.rawValue) } ?? .null
        case "nicknames": .strings(person.nicknames)
        case "photo": person.photo.map(GeneratedValue.data) ?? .null
        case "handle": person.handle.map(GeneratedValue.string) ?? .null
        default: preconditionFailure("no attribute \(attribute) of a person")
        }
    }

    static func set(_ attribute: String, _ value: GeneratedValue, on model: Model) {
        switch (model, attribute, value) {
        case (let employee as Generated.Employee, "salary", .int(let int)): employee.salary = int
        case (let employee as Generated.Employee, "staffNumber", .int(let int)): employee.staffNumber = int
        case (let person as Generated.Person, _, _): setPerson(attribute, value, on: person)
        case (let pet as Generated.Pet, "name", .string(let string)): pet.name = string
        case (let pet as Generated.Pet, "weight", .double(let double)): pet.weight = double
        case (let toy as Generated.Toy, "label", .string(let string)): toy.label = string
        case (let toy as Generated.Toy, "serial", _): toy.serial = value.uuid
        case (let toy as Generated.Toy, "link", _): toy.link = value.url
        case (let club as Generated.Club, "code", .string(let string)): club.code = string
        case (let club as Generated.Club, "title", .string(let string)): club.title = string
        case (let badge as Generated.Badge, "label", .string(let string)): badge.label = string
        case (let badge as Generated.Badge, "level", .int(let int)): badge.level = int
        default: preconditionFailure("cannot set \(attribute) of \(type(of: model)) to \(value)")
        }
    }

    private static func setPerson(_ attribute: String, _ value: GeneratedValue, on person: Generated.Person) {
        switch (attribute, value) {
        case ("name", .string(let string)): person.name = string
        case ("age", .int(let int)): person.age = int
        case ("score", _): person.score = value.double
        case ("born", _): person.born = value.date
        case ("active", .bool(let bool)): person.active = bool
        case ("mood", _): person.mood = value.string.flatMap(Generated.Mood.init(rawValue:))
        case ("nicknames", .strings(let strings)): person.nicknames = strings
        case ("photo", _): person.photo = value.data
        case ("handle", _): person.handle = value.string
        default: preconditionFailure("cannot set \(attribute) of a person to \(value)")
        }
    }

    // MARK: Relationships

    /// The models a relationship holds (a to-one's one model, or none).
    static func targets(_ relationship: String, of model: Model) -> [Model] {
        switch (model, relationship) {
        case (let person as Generated.Person, "pets"): person.pets
        case (let person as Generated.Person, "clubs"): person.clubs
        case (let person as Generated.Person, "badges"): person.badges
        case (let person as Generated.Person, "mentor"): person.mentor.map { [$0] } ?? []
        case (let person as Generated.Person, "mentees"): person.mentees
        case (let employee as Generated.Employee, "managed"): employee.managed
        case (let pet as Generated.Pet, "owner"): pet.owner.map { [$0] } ?? []
        case (let pet as Generated.Pet, "toys"): pet.toys
        case (let pet as Generated.Pet, "favorite"): pet.favorite.map { [$0] } ?? []
        case (let toy as Generated.Toy, "pet"): toy.pet.map { [$0] } ?? []
        case (let toy as Generated.Toy, "sponsor"): toy.sponsor.map { [$0] } ?? []
        case (let toy as Generated.Toy, "favoriteOf"): toy.favoriteOf.map { [$0] } ?? []
        case (let club as Generated.Club, "members"): club.members
        case (let club as Generated.Club, "sponsored"): club.sponsored
        case (let club as Generated.Club, "manager"): club.manager.map { [$0] } ?? []
        case (let badge as Generated.Badge, "holder"): [badge.holder]
        default: preconditionFailure("no relationship \(relationship) of \(type(of: model))")
        }
    }

    static func setToOne(_ relationship: String, of model: Model, to target: Model?) {
        switch (model, relationship) {
        case (let person as Generated.Person, "mentor"): person.mentor = target.map { $0 as! Generated.Person }
        case (let pet as Generated.Pet, "owner"): pet.owner = target.map { $0 as! Generated.Person }
        case (let pet as Generated.Pet, "favorite"): pet.favorite = target.map { $0 as! Generated.Toy }
        case (let toy as Generated.Toy, "pet"): toy.pet = target.map { $0 as! Generated.Pet }
        case (let toy as Generated.Toy, "sponsor"): toy.sponsor = target.map { $0 as! Generated.Club }
        case (let toy as Generated.Toy, "favoriteOf"): toy.favoriteOf = target.map { $0 as! Generated.Pet }
        case (let club as Generated.Club, "manager"): club.manager = target.map { $0 as! Generated.Employee }
        case (let badge as Generated.Badge, "holder"): badge.holder = target as! Generated.Person
        default: preconditionFailure("no to-one \(relationship) of \(type(of: model))")
        }
    }

    static func setToMany(_ relationship: String, of model: Model, to targets: [Model]) {
        switch (model, relationship) {
        case (let person as Generated.Person, "pets"): person.pets = targets.map { $0 as! Generated.Pet }
        case (let person as Generated.Person, "clubs"): person.clubs = targets.map { $0 as! Generated.Club }
        case (let person as Generated.Person, "badges"): person.badges = targets.map { $0 as! Generated.Badge }
        case (let person as Generated.Person, "mentees"): person.mentees = targets.map { $0 as! Generated.Person }
        case (let employee as Generated.Employee, "managed"): employee.managed = targets.map { $0 as! Generated.Club }
        case (let pet as Generated.Pet, "toys"): pet.toys = targets.map { $0 as! Generated.Toy }
        case (let club as Generated.Club, "members"): club.members = targets.map { $0 as! Generated.Person }
        case (let club as Generated.Club, "sponsored"): club.sponsored = targets.map { $0 as! Generated.Toy }
        default: preconditionFailure("no to-many \(relationship) of \(type(of: model))")
        }
    }

    static func append(_ relationship: String, of model: Model, _ target: Model) {
        switch (model, relationship) {
        case (let person as Generated.Person, "pets"): person.pets.append(target as! Generated.Pet)
        case (let person as Generated.Person, "clubs"): person.clubs.append(target as! Generated.Club)
        case (let person as Generated.Person, "badges"): person.badges.append(target as! Generated.Badge)
        case (let person as Generated.Person, "mentees"): person.mentees.append(target as! Generated.Person)
        case (let employee as Generated.Employee, "managed"): employee.managed.append(target as! Generated.Club)
        case (let pet as Generated.Pet, "toys"): pet.toys.append(target as! Generated.Toy)
        case (let club as Generated.Club, "members"): club.members.append(target as! Generated.Person)
        case (let club as Generated.Club, "sponsored"): club.sponsored.append(target as! Generated.Toy)
        default: preconditionFailure("no to-many \(relationship) of \(type(of: model))")
        }
    }

    // MARK: Fetching

    /// Every model of these kinds in `context` (a person fetch brings employees too).
    static func fetchAll(_ kind: GeneratedKind, in context: ModelContext) throws -> [Model] {
        switch kind {
        case .person, .employee: try context.fetch(FetchDescriptor<Generated.Person>())
        case .pet: try context.fetch(FetchDescriptor<Generated.Pet>())
        case .toy: try context.fetch(FetchDescriptor<Generated.Toy>())
        case .club: try context.fetch(FetchDescriptor<Generated.Club>())
        case .badge: try context.fetch(FetchDescriptor<Generated.Badge>())
        }
    }
}

extension GeneratedValue {
    var double: Double? { if case .double(let value) = self { value } else { nil } }
    var date: Date? { if case .date(let value) = self { value } else { nil } }
    var data: Data? { if case .data(let value) = self { value } else { nil } }
    var uuid: UUID? { if case .uuid(let value) = self { value } else { nil } }
    var url: URL? { if case .url(let value) = self { value } else { nil } }
    var string: String? { if case .string(let value) = self { value } else { nil } }
    var int: Int? { if case .int(let value) = self { value } else { nil } }
}
