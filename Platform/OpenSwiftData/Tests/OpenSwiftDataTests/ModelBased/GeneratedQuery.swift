import Foundation
import OpenSwiftData

/// A fetch the generator draws: a kind, a predicate from a catalogue with its parameter,
/// a sort, an offset and a limit. It runs on OpenSwiftData as a `FetchDescriptor` and on
/// the reference as the same test written in Swift.
struct GeneratedQuery: Hashable, CustomStringConvertible {
    var kind: GeneratedKind
    var predicate: Int
    var parameter: GeneratedValue
    var sort: Int
    var reverse: Bool
    var offset: Int?
    var limit: Int?

    var description: String {
        "\(kind.rawValue) where #\(predicate)(\(parameter)) sort #\(sort)\(reverse ? " reversed" : "")"
            + (offset.map { " offset \($0)" } ?? "") + (limit.map { " limit \($0)" } ?? "")
    }

    /// The kinds a query is drawn for: the roots of each family.
    static let kinds: [GeneratedKind] = [.person, .pet, .toy, .club, .badge]

    /// How many predicates the catalogue has for a kind (0 is no predicate), and how many
    /// of them read only the model's own attributes: those can be checked against a
    /// context's unsaved changes, which a predicate through a relationship reads from the
    /// store for the related model, as SwiftData's does.
    static func predicateCount(_ kind: GeneratedKind) -> (all: Int, ownAttributes: Int) {
        switch kind {
        case .person, .employee: (8, 8)
        case .pet: (6, 3)
        case .toy: (4, 3)
        case .club: (3, 3)
        case .badge: (3, 2)
        }
    }

    static func sortCount(_ kind: GeneratedKind) -> Int {
        switch kind {
        case .person, .employee: 4
        case .pet: 3
        case .toy: 2
        case .club: 2
        case .badge: 2
        }
    }

    static func random(using random: inout SeededGenerator, ownAttributesOnly: Bool) -> GeneratedQuery {
        let kind = kinds[random.index(kinds.count)]
        let counts = predicateCount(kind)
        let predicate = random.index(ownAttributesOnly ? counts.ownAttributes : counts.all)
        let parameters = ["name", "age", "weight", "label", "level", "title"]
        return GeneratedQuery(
            kind: kind, predicate: predicate,
            parameter: .random(parameters[random.index(parameters.count)], using: &random),
            sort: random.index(sortCount(kind)), reverse: random.chance(30),
            offset: random.chance(20) ? random.index(4) : nil,
            limit: random.chance(30) ? random.index(5) + 1 : nil)
    }

    /// A query of pets that reads only their own attributes, for `enumerate`.
    static func randomPets(using random: inout SeededGenerator) -> GeneratedQuery {
        GeneratedQuery(
            kind: .pet, predicate: random.index(predicateCount(.pet).ownAttributes),
            parameter: .random(random.chance(50) ? "weight" : "name", using: &random),
            sort: random.index(sortCount(.pet)), reverse: random.chance(30),
            offset: random.chance(20) ? random.index(4) : nil,
            limit: random.chance(30) ? random.index(5) + 1 : nil)
    }

    /// The pet descriptor of this query, for `enumerate`.
    var petsDescriptor: FetchDescriptor<Generated.Pet> {
        var descriptor = petDescriptor()
        descriptor.fetchOffset = offset
        descriptor.fetchLimit = limit
        return descriptor
    }

    // MARK: Running

    /// The rids a fetch returns in `context`, in order: all at once, or, given a batch
    /// size, through `fetch(_:batchSize:)`, which reads the models a batch at a time.
    func run(in context: ModelContext, batchSize: Int? = nil) throws -> [Int] {
        switch kind {
        case .person, .employee: try fetch(personDescriptor(), context, batchSize: batchSize)
        case .pet: try fetch(petDescriptor(), context, batchSize: batchSize)
        case .toy: try fetch(toyDescriptor(), context, batchSize: batchSize)
        case .club: try fetch(clubDescriptor(), context, batchSize: batchSize)
        case .badge: try fetch(badgeDescriptor(), context, batchSize: batchSize)
        }
    }

    /// The same query without its offset and limit.
    var unbounded: GeneratedQuery {
        var query = self
        query.offset = nil
        query.limit = nil
        return query
    }

    /// Deletes the models the query's predicate selects with `delete(model:where:)`.
    func deleteMatching(in context: ModelContext) throws {
        switch kind {
        case .person, .employee: try context.delete(model: Generated.Person.self, where: personDescriptor().predicate)
        case .pet: try context.delete(model: Generated.Pet.self, where: petDescriptor().predicate)
        case .toy: try context.delete(model: Generated.Toy.self, where: toyDescriptor().predicate)
        case .club: try context.delete(model: Generated.Club.self, where: clubDescriptor().predicate)
        case .badge: try context.delete(model: Generated.Badge.self, where: badgeDescriptor().predicate)
        }
    }

    /// The models the fetch returns in `context`, in order, read partially: only the
    /// attributes ``partialProperties(_:)`` names, their relationships prefetched
    /// (``prefetched(_:)``); the rest is read when the models' properties are.
    func runPartially(in context: ModelContext) throws -> [any PersistentModel] {
        switch kind {
        case .person, .employee: try fetchPartially(personDescriptor(), context)
        case .pet: try fetchPartially(petDescriptor(), context)
        case .toy: try fetchPartially(toyDescriptor(), context)
        case .club: try fetchPartially(clubDescriptor(), context)
        case .badge: try fetchPartially(badgeDescriptor(), context)
        }
    }

    private func fetch<T: PersistentModel>(_ base: FetchDescriptor<T>, _ context: ModelContext, batchSize: Int?)
        throws -> [Int]
    {
        var descriptor = base
        descriptor.fetchOffset = offset
        descriptor.fetchLimit = limit
        guard let batchSize else { return try context.fetch(descriptor).map(GeneratedModelAccess.rid(of:)) }
        return try context.fetch(descriptor, batchSize: batchSize).map(GeneratedModelAccess.rid(of:))
    }

    private func fetchPartially<T: PersistentModel>(_ base: FetchDescriptor<T>, _ context: ModelContext) throws
        -> [any PersistentModel]
    {
        var descriptor = base
        descriptor.fetchOffset = offset
        descriptor.fetchLimit = limit
        descriptor.propertiesToFetch = Self.partialProperties(T.self)
        descriptor.relationshipKeyPathsForPrefetching = Self.prefetched(T.self)
        return try context.fetch(descriptor)
    }

    /// The attributes a partial fetch of `T` reads: its `rid` and one more.
    private static func partialProperties<T: PersistentModel>(_: T.Type) -> [PartialKeyPath<T>] {
        let paths: [AnyKeyPath] =
            switch T.self {
            case is Generated.Person.Type: [\Generated.Person.rid, \Generated.Person.name]
            case is Generated.Pet.Type: [\Generated.Pet.rid, \Generated.Pet.weight]
            case is Generated.Toy.Type: [\Generated.Toy.rid, \Generated.Toy.label]
            case is Generated.Club.Type: [\Generated.Club.rid, \Generated.Club.code]
            case is Generated.Badge.Type: [\Generated.Badge.rid, \Generated.Badge.level]
            default: []
            }
        return paths.compactMap { $0 as? PartialKeyPath<T> }
    }

    /// The relationships a partial fetch of `T` prefetches.
    private static func prefetched<T: PersistentModel>(_: T.Type) -> [PartialKeyPath<T>] {
        let paths: [AnyKeyPath] =
            switch T.self {
            case is Generated.Person.Type: [\Generated.Person.pets, \Generated.Person.clubs]
            case is Generated.Pet.Type: [\Generated.Pet.toys, \Generated.Pet.owner]
            case is Generated.Toy.Type: [\Generated.Toy.sponsor]
            case is Generated.Club.Type: [\Generated.Club.members]
            case is Generated.Badge.Type: [\Generated.Badge.holder]
            default: []
            }
        return paths.compactMap { $0 as? PartialKeyPath<T> }
    }

    /// An integer parameter; an infinite weight drawn as the parameter is the largest or
    /// the smallest `Int`.
    private var int: Int {
        if let int = parameter.int { return int }
        guard let double = parameter.double else { return 0 }
        return double.isFinite ? Int(double) : double > 0 ? .max : .min
    }
    private var double: Double { parameter.double ?? Double(parameter.int ?? 0) }
    private var string: String { parameter.string ?? "" }
    /// The text a `contains` looks for: never empty, whose answer Foundation's
    /// implementations of `contains` disagree on.
    private var needle: String { string.isEmpty ? "e" : string }
    private var order: SortOrder { reverse ? .reverse : .forward }

    private func personDescriptor() -> FetchDescriptor<Generated.Person> {
        let (int, string, needle) = (self.int, self.string, self.needle)
        let double = self.double
        let predicate: Predicate<Generated.Person>?
        switch self.predicate {
        case 1: predicate = #Predicate { $0.age > int }
        case 2: predicate = #Predicate { $0.name == string }
        case 3: predicate = #Predicate { $0.score == nil }
        case 4: predicate = #Predicate { ($0.score ?? -1) >= double }
        case 5: predicate = #Predicate { $0.active && $0.age <= int }
        case 6: predicate = #Predicate { $0.name.contains(needle) }
        case 7: predicate = #Predicate { $0.mood?.rawValue == string || $0.nicknames.contains(string) }
        default: predicate = nil
        }
        let sort: SortDescriptor<Generated.Person> =
            switch sort {
            case 1: SortDescriptor(\.age, order: order)
            case 2: SortDescriptor(\.score, order: order)
            case 3: SortDescriptor(\.born, order: order)
            default: SortDescriptor(\.name, order: order)
            }
        return FetchDescriptor(predicate: predicate, sortBy: [sort, SortDescriptor(\.rid)])
    }

    private func petDescriptor() -> FetchDescriptor<Generated.Pet> {
        let (int, string, double) = (self.int, self.string, self.double)
        let predicate: Predicate<Generated.Pet>?
        switch self.predicate {
        case 1: predicate = #Predicate { $0.weight > double }
        case 2: predicate = #Predicate { $0.name == string && $0.weight <= double }
        case 3: predicate = #Predicate { $0.owner?.name == string }
        case 4: predicate = #Predicate { $0.owner == nil }
        case 5: predicate = #Predicate { ($0.owner?.age ?? -5) > int }
        default: predicate = nil
        }
        let sort: SortDescriptor<Generated.Pet> =
            switch sort {
            case 1: SortDescriptor(\.weight, order: order)
            case 2: SortDescriptor(\.rid, order: order)
            default: SortDescriptor(\.name, order: order)
            }
        return FetchDescriptor(predicate: predicate, sortBy: [sort, SortDescriptor(\.rid)])
    }

    private func toyDescriptor() -> FetchDescriptor<Generated.Toy> {
        let string = self.string
        let predicate: Predicate<Generated.Toy>?
        switch self.predicate {
        case 1: predicate = #Predicate { $0.label == string }
        case 2: predicate = #Predicate { $0.serial == nil }
        case 3: predicate = #Predicate { $0.pet?.name == string }
        default: predicate = nil
        }
        let sort: SortDescriptor<Generated.Toy> =
            sort == 1 ? SortDescriptor(\.rid, order: order) : SortDescriptor(\.label, order: order)
        return FetchDescriptor(predicate: predicate, sortBy: [sort, SortDescriptor(\.rid)])
    }

    private func clubDescriptor() -> FetchDescriptor<Generated.Club> {
        let string = self.string
        let predicate: Predicate<Generated.Club>?
        switch self.predicate {
        case 1: predicate = #Predicate { $0.title == string }
        case 2: predicate = #Predicate { $0.code.starts(with: "C") && $0.title != string }
        default: predicate = nil
        }
        let sort: SortDescriptor<Generated.Club> =
            sort == 1 ? SortDescriptor(\.code, order: order) : SortDescriptor(\.title, order: order)
        return FetchDescriptor(predicate: predicate, sortBy: [sort, SortDescriptor(\.rid)])
    }

    private func badgeDescriptor() -> FetchDescriptor<Generated.Badge> {
        let (int, string) = (self.int, self.string)
        let predicate: Predicate<Generated.Badge>?
        switch self.predicate {
        case 1: predicate = #Predicate { $0.level >= int }
        case 2: predicate = #Predicate { $0.holder.name == string }
        default: predicate = nil
        }
        let sort: SortDescriptor<Generated.Badge> =
            sort == 1 ? SortDescriptor(\.level, order: order) : SortDescriptor(\.label, order: order)
        return FetchDescriptor(predicate: predicate, sortBy: [sort, SortDescriptor(\.rid)])
    }

    // MARK: The reference

    /// The rids the same fetch returns from `objects`, in order.
    func expected(in objects: [Int: ReferenceStore.Object]) -> [Int] {
        let matching = objects.filter { !$0.value.isDeleted && kind.family.contains($0.value.kind) }
            .filter { matches($0.value, in: objects) }
        let ordered = matching.keys.sorted { left, right in
            let (a, b) = (sortKey(left, matching[left]!), sortKey(right, matching[right]!))
            if a.isLess(than: b) || b.isLess(than: a) { return reverse ? b.isLess(than: a) : a.isLess(than: b) }
            return left < right
        }
        let afterOffset = ordered.dropFirst(offset ?? 0)
        return Array(limit.map { afterOffset.prefix($0) } ?? afterOffset)
    }

    private func attribute(_ object: ReferenceStore.Object, _ name: String) -> GeneratedValue {
        object.attributes[name]!
    }

    private func related(_ object: ReferenceStore.Object, _ name: String, in objects: [Int: ReferenceStore.Object])
        -> ReferenceStore.Object?
    {
        object.links[name]!.first.flatMap { objects[$0] }
    }

    private func matches(_ object: ReferenceStore.Object, in objects: [Int: ReferenceStore.Object]) -> Bool {
        let value = { (name: String) in self.attribute(object, name) }
        switch (kind, predicate) {
        case (.person, 1): return value("age").int! > int
        case (.person, 2): return value("name") == .string(string)
        case (.person, 3): return value("score") == .null
        case (.person, 4): return (value("score").double ?? -1) >= double
        case (.person, 5): return value("active") == .bool(true) && value("age").int! <= int
        case (.person, 6): return value("name").string!.contains(needle)
        case (.person, 7):
            guard case .strings(let nicknames) = value("nicknames") else { return false }
            return value("mood") == .string(string) || nicknames.contains(string)
        case (.pet, 1): return value("weight").double! > double
        case (.pet, 2): return value("name") == .string(string) && value("weight").double! <= double
        case (.pet, 3): return related(object, "owner", in: objects).map { attribute($0, "name") } == .string(string)
        case (.pet, 4): return object.links["owner"]!.isEmpty
        case (.pet, 5): return (related(object, "owner", in: objects).map { attribute($0, "age").int! } ?? -5) > int
        case (.toy, 1): return value("label") == .string(string)
        case (.toy, 2): return value("serial") == .null
        case (.toy, 3): return related(object, "pet", in: objects).map { attribute($0, "name") } == .string(string)
        case (.club, 1): return value("title") == .string(string)
        case (.club, 2): return value("code").string!.hasPrefix("C") && value("title") != .string(string)
        case (.badge, 1): return value("level").int! >= int
        case (.badge, 2): return related(object, "holder", in: objects).map { attribute($0, "name") } == .string(string)
        default: return true
        }
    }

    private func sortKey(_ rid: Int, _ object: ReferenceStore.Object) -> GeneratedValue {
        switch (kind, sort) {
        case (.person, 1): attribute(object, "age")
        case (.person, 2): attribute(object, "score")
        case (.person, 3): attribute(object, "born")
        case (.person, _), (.pet, 0): attribute(object, "name")
        case (.pet, 1): attribute(object, "weight")
        case (.pet, _), (.toy, 1): .int(rid)
        case (.toy, _): attribute(object, "label")
        case (.club, 1): attribute(object, "code")
        case (.club, _): attribute(object, "title")
        case (.badge, 1): attribute(object, "level")
        case (.badge, _): attribute(object, "label")
        case (.employee, _): .null
        }
    }
}

extension GeneratedValue {
    /// The order of a sort on values of one attribute: nil first, as SwiftData sorts.
    func isLess(than other: GeneratedValue) -> Bool {
        switch (self, other) {
        case (.null, .null): false
        case (.null, _): true
        case (_, .null): false
        case (.int(let a), .int(let b)): a < b
        case (.double(let a), .double(let b)): a < b
        // SwiftData sorts strings with `localizedStandardCompare` unless told otherwise.
        case (.string(let a), .string(let b)): a.localizedStandardCompare(b) == .orderedAscending
        case (.date(let a), .date(let b)): a < b
        default: false
        }
    }
}
