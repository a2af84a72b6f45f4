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

/// The models of a context that have a row, by entity and primary key, held weakly so
/// that a context does not keep every model it ever fetched alive. A model's entry goes
/// when its backing data is released (``ModelBackingData``'s `deinit`), so the map
/// never needs a sweep for dead entries.
struct IdentityMap {
    struct Key: Hashable {
        let entity: ObjectIdentifier
        let primaryKey: Int64
    }

    private struct WeakModel {
        weak var model: (any PersistentModel)?
    }

    private var entries: [Key: WeakModel] = [:]

    static func key(_ entity: EntityDescriptor, _ primaryKey: Int64) -> Key {
        Key(entity: ObjectIdentifier(entity), primaryKey: primaryKey)
    }

    subscript(key: Key) -> (any PersistentModel)? {
        entries[key]?.model
    }

    mutating func register(_ model: any PersistentModel, for key: Key) {
        entries[key] = WeakModel(model: model)
    }

    mutating func remove(_ key: Key) {
        entries.removeValue(forKey: key)
    }

    /// Removes the entry of a model that no longer exists; an entry that another live
    /// model of the same row took over stays.
    mutating func removeReleased(_ key: Key) {
        guard let index = entries.index(forKey: key), entries.values[index].model == nil else { return }
        entries.remove(at: index)
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    var count: Int { entries.count }

    var liveModels: [any PersistentModel] {
        entries.values.compactMap(\.model)
    }
}
