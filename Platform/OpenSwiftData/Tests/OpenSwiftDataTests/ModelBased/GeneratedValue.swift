import Foundation

/// The kinds of model of ``Generated``, as the reference names them.
enum GeneratedKind: String, CaseIterable, Hashable, Sendable {
    case person = "Person"
    case employee = "Employee"
    case pet = "Pet"
    case toy = "Toy"
    case club = "Club"
    case badge = "Badge"

    /// The kinds whose models a reference to this kind may name: a person may be an employee.
    var family: [GeneratedKind] {
        self == .person ? [.person, .employee] : [self]
    }

    /// The attributes a model of this kind has, `rid` aside.
    var attributes: [String] {
        switch self {
        case .person: ["name", "age", "score", "born", "active", "mood", "nicknames", "photo", "handle"]
        case .employee: GeneratedKind.person.attributes + ["salary", "staffNumber"]
        case .pet: ["name", "weight"]
        case .toy: ["label", "serial", "link"]
        case .club: ["code", "title"]
        case .badge: ["label", "level"]
        }
    }

    /// The attributes an operation may change: the unique ones (a club's code, an
    /// employee's staff number, a person's handle) are kept.
    var changeableAttributes: [String] {
        attributes.filter { !Self.uniqueAttributes.contains($0) }
    }

    /// The unique attributes: an insert that meets a stored value (nil meets none) is an
    /// upsert.
    static let uniqueAttributes: Set<String> = ["code", "staffNumber", "handle"]

    /// The relationships of this kind.
    var relationships: [GeneratedRelationship] {
        GeneratedRelationship.all.filter { $0.owner.family.contains(self) }
    }
}

/// An attribute's value in the reference: what a model's property holds, compared as is
/// (NaN equal to NaN, so that a model holding one equals the reference's).
enum GeneratedValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case uuid(UUID)
    case url(URL)
    case strings([String])

    var description: String {
        switch self {
        case .null: "nil"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .string(let value) where value.count > 40: "\"\(value.prefix(8))…\" (\(value.count) characters)"
        case .string(let value): "\"\(value)\""
        case .bool(let value): "\(value)"
        case .date(let value): "Date(\(value.timeIntervalSinceReferenceDate))"
        case .data(let value): "Data(\(value.count) bytes, first \(value.first ?? 0))"
        case .uuid(let value): "UUID(\(value.uuidString.prefix(8)))"
        case .url(let value): "URL(\(value.absoluteString))"
        case .strings(let value): "[\(value.map { GeneratedValue.string($0).description }.joined(separator: ", "))]"
        }
    }

    static func == (lhs: GeneratedValue, rhs: GeneratedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.date(let a), .date(let b)): a == b
        case (.data(let a), .data(let b)): a == b
        case (.uuid(let a), .uuid(let b)): a == b
        case (.url(let a), .url(let b)): a == b
        case (.strings(let a), .strings(let b)): a == b
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .double(let value) where value.isNaN: hasher.combine("NaN")
        case .double(let value): hasher.combine(value)
        default: hasher.combine(description)
        }
    }

    /// Whether this is a `Double` that is not a number, which a save refuses.
    var isNotANumber: Bool {
        if case .double(let value) = self { value.isNaN } else { false }
    }

    /// A string long enough to leave SQLite's and the sorts' short paths (4,001 characters).
    static let longString = String(repeating: "ab", count: 2_000) + "é"

    /// The value a new model of `kind` holds in `attribute` before any change.
    static func initial(_ attribute: String, of kind: GeneratedKind) -> GeneratedValue {
        switch attribute {
        case "age", "salary", "level", "staffNumber": .int(0)
        case "weight": .double(0)
        case "active": .bool(true)
        case "nicknames": .strings([])
        case "name", "label", "title", "code": .string("")
        default: .null
        }
    }

    /// A random value for `attribute`, drawn from small pools so that predicates and sorts
    /// meet equal values, and now and then nil where the attribute is optional.
    static func random(_ attribute: String, using random: inout SeededGenerator) -> GeneratedValue {
        let words = ["ada", "bo", "cy", "Dee", "eve", "Éva", "zed", "", longString]
        switch attribute {
        case "name", "label", "title":
            return .string(words[random.index(words.count)])
        case "age", "level":
            return .int(random.index(7) - 1)
        case "salary":
            return .int(random.index(5) * 1000)
        case "weight":
            if random.chance(8) { return .double(random.chance(50) ? .infinity : -.infinity) }
            return .double(Double(random.index(9)) / 4 - 0.5)
        case "score":
            if random.chance(8) { return .double(random.chance(50) ? .infinity : -.infinity) }
            return random.chance(25) ? .null : .double(Double(random.index(11)) / 2)
        case "born":
            return random.chance(25)
                ? .null : .date(Date(timeIntervalSinceReferenceDate: Double(random.index(5)) * 86_400.5))
        case "active":
            return .bool(random.chance(50))
        case "mood":
            let moods = Generated.Mood.allCases
            return random.chance(25) ? .null : .string(moods[random.index(moods.count)].rawValue)
        case "nicknames":
            return .strings((0..<random.index(3)).map { _ in words[random.index(words.count)] })
        case "photo":
            // Now and then large enough for a file of its own beside the store.
            let size = [0, 3, 200_000][random.index(3)]
            return random.chance(25) ? .null : .data(Data(repeating: UInt8(random.index(256)), count: size))
        case "serial":
            return random.chance(30)
                ? .null : .uuid(UUID(uuid: (UInt8(random.index(4)), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        case "link":
            return random.chance(30) ? .null : .url(URL(string: "https://example.org/\(random.index(4))")!)
        default:
            preconditionFailure("no generator for \(attribute)")
        }
    }
}

/// One side of a relationship of ``Generated``'s schema, with its inverse and delete rule.
struct GeneratedRelationship: Hashable, Sendable, CustomStringConvertible {
    enum Rule: Hashable, Sendable { case cascade, nullify, deny, noAction }

    let owner: GeneratedKind
    let name: String
    let target: GeneratedKind
    let isToMany: Bool
    let inverse: String
    let rule: Rule
    /// A to-one that must always name a model (`Badge.holder`).
    let isRequired: Bool

    var description: String { "\(owner.rawValue).\(name)" }

    static let all: [GeneratedRelationship] = [
        .init(
            owner: .person, name: "pets", target: .pet, isToMany: true, inverse: "owner", rule: .cascade,
            isRequired: false),
        .init(
            owner: .person, name: "clubs", target: .club, isToMany: true, inverse: "members", rule: .nullify,
            isRequired: false),
        .init(
            owner: .person, name: "badges", target: .badge, isToMany: true, inverse: "holder", rule: .cascade,
            isRequired: false),
        .init(
            owner: .pet, name: "owner", target: .person, isToMany: false, inverse: "pets", rule: .nullify,
            isRequired: false),
        .init(owner: .pet, name: "toys", target: .toy, isToMany: true, inverse: "pet", rule: .deny, isRequired: false),
        .init(
            owner: .toy, name: "pet", target: .pet, isToMany: false, inverse: "toys", rule: .nullify, isRequired: false),
        .init(
            owner: .club, name: "members", target: .person, isToMany: true, inverse: "clubs", rule: .nullify,
            isRequired: false),
        .init(
            owner: .club, name: "sponsored", target: .toy, isToMany: true, inverse: "sponsor", rule: .noAction,
            isRequired: false),
        .init(
            owner: .toy, name: "sponsor", target: .club, isToMany: false, inverse: "sponsored", rule: .nullify,
            isRequired: false),
        .init(
            owner: .badge, name: "holder", target: .person, isToMany: false, inverse: "badges", rule: .nullify,
            isRequired: true),
        .init(
            owner: .person, name: "mentor", target: .person, isToMany: false, inverse: "mentees", rule: .nullify,
            isRequired: false),
        .init(
            owner: .person, name: "mentees", target: .person, isToMany: true, inverse: "mentor", rule: .nullify,
            isRequired: false),
        .init(
            owner: .employee, name: "managed", target: .club, isToMany: true, inverse: "manager", rule: .nullify,
            isRequired: false),
        .init(
            owner: .club, name: "manager", target: .employee, isToMany: false, inverse: "managed", rule: .nullify,
            isRequired: false),
        .init(
            owner: .pet, name: "favorite", target: .toy, isToMany: false, inverse: "favoriteOf", rule: .cascade,
            isRequired: false),
        .init(
            owner: .toy, name: "favoriteOf", target: .pet, isToMany: false, inverse: "favorite", rule: .nullify,
            isRequired: false),
    ]

    /// The other side of this relationship.
    var inverseRelationship: GeneratedRelationship {
        Self.all.first { $0.owner == target && $0.name == inverse }!
    }
}
