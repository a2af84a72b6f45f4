/// The rows one query returned, by primary key, in order.
///
/// Every model a fetch materializes remembers its batch and its place in it, so that a
/// relationship faulted on one model is read for its neighbours in the same query
/// (batch faulting): traversing `parent.children` for 10,000 fetched parents costs ten
/// queries instead of 10,000. Only keys are held, so a batch keeps no model alive.
final class FetchBatch {
    /// How many neighbouring models one relationship fault loads: enough to make the
    /// per-query cost vanish, few enough that touching one model of a huge fetch does
    /// not read the relationships of all of them.
    static let windowSize = 1000

    let entity: EntityDescriptor
    private(set) var primaryKeys: [Int64] = []

    init(entity: EntityDescriptor) {
        self.entity = entity
    }

    /// A batch for the rows of a query of `entity`, or nil when the entity has no
    /// to-many relationship: only those are faulted in batches.
    static func forRows(of entity: EntityDescriptor) -> FetchBatch? {
        entity.hasToManyRelationships ? FetchBatch(entity: entity) : nil
    }

    /// Adds the next row's key and returns its position.
    func append(_ primaryKey: Int64) -> Int {
        primaryKeys.append(primaryKey)
        return primaryKeys.count - 1
    }

    /// The keys of the window that holds `position`.
    func window(containing position: Int) -> ArraySlice<Int64> {
        let start = (position / Self.windowSize) * Self.windowSize
        return primaryKeys[start..<min(primaryKeys.count, start + Self.windowSize)]
    }
}
