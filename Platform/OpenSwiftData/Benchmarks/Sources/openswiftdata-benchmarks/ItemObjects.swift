import GRDB

/// A row of `Item`'s table as an object: what any implementation of SwiftData's API pays
/// before its own work, since a fetch returns one instance per row, and a context keeps
/// one instance per row it holds (its identity map) without keeping it alive.
///
/// Hand-written as a careful GRDB user would: a final class with its values as stored
/// properties (one allocation per row). When a registry is given, the object is
/// registered in it by primary key, and leaves it when it ends; it holds its registry, as
/// a model holds its context. No change tracking, no observation, no relationships.
final class ItemObject {
    let id: Int64
    var number: Int
    var title: String
    private let registry: ItemRegistry?

    /// An object for `row` (columns `_pk`, `number`, `title`), whose key `id` the caller
    /// has read; it leaves `registry`, if one is given, when it ends.
    init(id: Int64, row: Row, registry: ItemRegistry?) {
        self.id = id
        number = row[1]
        title = row[2]
        self.registry = registry
    }

    deinit {
        registry?.remove(id)
    }
}

/// The objects of one "context", by primary key, in a `Dictionary` of unowned references.
/// An entry is removed by its object's `deinit`, before the object's memory goes, so it
/// never names a freed object.
final class ItemRegistry {
    private var objects: [Int64: Unmanaged<ItemObject>] = [:]

    /// The registered object of `row`'s primary key, or a new one made from `row` and
    /// registered.
    func object(for row: Row) -> ItemObject {
        let id: Int64 = row[0]
        if let existing = objects[id] { return existing.takeUnretainedValue() }
        let object = ItemObject(id: id, row: row, registry: self)
        objects[id] = Unmanaged.passUnretained(object)
        return object
    }

    fileprivate func remove(_ id: Int64) {
        objects[id] = nil
    }
}
