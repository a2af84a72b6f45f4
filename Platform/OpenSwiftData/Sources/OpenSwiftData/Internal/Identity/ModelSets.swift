/// Models in the order they were added, each once.
struct OrderedModelSet {
    private var order: [any PersistentModel] = []
    private var members: [ObjectIdentifier: Int] = [:]

    var isEmpty: Bool { members.isEmpty }
    var count: Int { members.count }

    func contains(_ model: any PersistentModel) -> Bool {
        members[ObjectIdentifier(model)] != nil
    }

    mutating func insert(_ model: any PersistentModel) {
        // One hash of the key: the subscript's modify inserts the position when the model
        // is new and leaves a member's as it is; the count says which happened.
        let count = members.count
        members[ObjectIdentifier(model), default: order.count] += 0
        if members.count != count { order.append(model) }
    }

    mutating func remove(_ model: any PersistentModel) {
        guard let position = members.removeValue(forKey: ObjectIdentifier(model)) else { return }
        order.remove(at: position)
        for index in position..<order.count {
            members[ObjectIdentifier(order[index])] = index
        }
    }

    /// Removes `models` in one pass over the set, however many: removing them one by one
    /// moves every later member each time (a save of thousands of inserted models).
    mutating func remove(contentsOf models: [any PersistentModel]) {
        var removed = false
        for model in models where members.removeValue(forKey: ObjectIdentifier(model)) != nil { removed = true }
        guard removed else { return }
        order.removeAll { members[ObjectIdentifier($0)] == nil }
        for (index, model) in order.enumerated() { members[ObjectIdentifier(model)] = index }
    }

    mutating func removeAll() {
        order.removeAll()
        members.removeAll()
    }

    var models: [any PersistentModel] { order }
}

/// The models of a context that have a row, by entity and primary key, held without
/// keeping them alive (see ``PrimaryKeyTable``) so that a context does not keep every
/// model it ever fetched. A model's entry goes when the model ends
/// (``ModelBackingReference``'s `deinit`), so the map never needs a sweep for dead entries.
///
/// A class held in a `let` of its context, so that the hot paths of fetching reach it
/// without the exclusivity checks of a mutable stored property of a class.
final class IdentityMap {
    struct Key {
        /// ``EntityDescriptor/identityIndex``: the hierarchy's root entity's.
        let entity: Int
        let primaryKey: Int64
    }

    /// One table per hierarchy of entities (the models of a `@Model` class and of its
    /// subclasses share one key space), at the root entity's registry index. A fetch
    /// reads it once.
    private var tables: [PrimaryKeyTable?] = []

    static func key(_ entity: EntityDescriptor, _ primaryKey: Int64) -> Key {
        Key(entity: entity.identityIndex, primaryKey: primaryKey)
    }

    subscript(key: Key) -> (any PersistentModel)? {
        table(key.entity)?[key.primaryKey]
    }

    /// The live model registered for `key`, as an object of the entity's model type.
    func object(for key: Key) -> AnyObject? {
        table(key.entity)?.object(for: key.primaryKey)
    }

    func register(_ model: any PersistentModel, for primaryKey: Int64) {
        table(for: model.persistentBackingData.entity).register(model, for: primaryKey)
    }

    /// The table of the models of an entity's hierarchy, created empty when there is
    /// none: a fetch takes it once and registers each row's model in it. A table lives
    /// as long as the map (see ``ModelBackingData/identityTable``).
    func table(for entity: EntityDescriptor) -> PrimaryKeyTable {
        let index = entity.identityIndex
        if let table = table(index) { return table }
        if index >= tables.count {
            tables.append(contentsOf: repeatElement(nil, count: index + 1 - tables.count))
        }
        // The table's models are all of the root's class.
        func make<Root: PersistentModel>(_: Root.Type) -> PrimaryKeyTable { PrimaryKeyTable(for: Root.self) }
        let table = make(entity.rootEntity.modelType)
        tables[index] = table
        return table
    }

    func remove(_ key: Key) {
        table(key.entity)?.remove(key.primaryKey)
    }

    /// The table of an entity's hierarchy, if the map has one.
    func existingTable(for entity: EntityDescriptor) -> PrimaryKeyTable? {
        table(entity.identityIndex)
    }

    var count: Int { tables.reduce(0) { $0 + ($1?.count ?? 0) } }

    var liveModels: [any PersistentModel] {
        tables.flatMap { $0?.liveModels ?? [] }
    }

    /// The live models of the hierarchies at these ``EntityDescriptor/identityIndex``es.
    func liveModels(ofHierarchies hierarchies: Set<Int>) -> [any PersistentModel] {
        hierarchies.sorted().flatMap { table($0)?.liveModels ?? [] }
    }

    private func table(_ entity: Int) -> PrimaryKeyTable? {
        entity < tables.count ? tables[entity] : nil
    }
}
