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
        let key = ObjectIdentifier(model)
        guard members[key] == nil else { return }
        members[key] = order.count
        order.append(model)
    }

    mutating func remove(_ model: any PersistentModel) {
        guard let position = members.removeValue(forKey: ObjectIdentifier(model)) else { return }
        order.remove(at: position)
        for index in position..<order.count {
            members[ObjectIdentifier(order[index])] = index
        }
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
        /// ``EntityDescriptor/registryIndex``.
        let entity: Int
        let primaryKey: Int64
    }

    /// One table per entity, at the entity's registry index. A fetch reads it once.
    private var tables: [PrimaryKeyTable?] = []

    static func key(_ entity: EntityDescriptor, _ primaryKey: Int64) -> Key {
        Key(entity: entity.registryIndex, primaryKey: primaryKey)
    }

    subscript(key: Key) -> (any PersistentModel)? {
        table(key.entity)?[key.primaryKey]
    }

    /// The live model registered for `key`, as an object of the entity's model type.
    func object(for key: Key) -> AnyObject? {
        table(key.entity)?.object(for: key.primaryKey)
    }

    func register(_ model: any PersistentModel, for key: Key) {
        func register<Model: PersistentModel>(_ model: Model) {
            table(of: key.entity, for: Model.self).register(model, for: key.primaryKey)
        }
        register(model)
    }

    /// The table of an entity's models, created empty when there is none: a fetch
    /// takes it once and registers each row's model in it. A table lives as long as
    /// the map (see ``ModelBackingData/identityTable``).
    func table<Model: PersistentModel>(of entity: Int, for modelType: Model.Type) -> PrimaryKeyTable {
        if let table = table(entity) { return table }
        if entity >= tables.count {
            tables.append(contentsOf: repeatElement(nil, count: entity + 1 - tables.count))
        }
        let table = PrimaryKeyTable(for: Model.self)
        tables[entity] = table
        return table
    }

    func remove(_ key: Key) {
        table(key.entity)?.remove(key.primaryKey)
    }

    var count: Int { tables.reduce(0) { $0 + ($1?.count ?? 0) } }

    var liveModels: [any PersistentModel] {
        tables.flatMap { $0?.liveModels ?? [] }
    }

    private func table(_ entity: Int) -> PrimaryKeyTable? {
        entity < tables.count ? tables[entity] : nil
    }
}
