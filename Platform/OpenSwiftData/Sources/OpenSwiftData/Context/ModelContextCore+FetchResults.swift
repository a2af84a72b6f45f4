import Foundation
internal import GRDB

extension ModelContextCore {
    /// The work of ``ModelContext/fetch(_:batchSize:)``.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws
        -> FetchResultsCollection<T>
    {
        if descriptor.includePendingChanges, hasChanges { throw SwiftDataError.includePendingChangesWithBatchSize }
        if let store = try dataStore(for: T.self) { return try fetch(descriptor, from: store, batchSize: batchSize) }
        let plan = try fetchPlan(for: descriptor)
        guard plan.isAnsweredBySQL else {
            return FetchResultsCollection(elements: try fetch(descriptor))
        }
        let keys = try matchingKeys(plan)
        return FetchResultsCollection(
            keys: keys,
            batches: BatchLoader(
                context: self, query: plan.query, size: batchSize, prefetched: plan.prefetched))
    }

    /// The work of ``ModelContext/fetchIdentifiers(_:)``.
    func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws
        -> [PersistentIdentifier]
    {
        if let store = try dataStore(for: T.self) { return try fetchIdentifiers(descriptor, from: store) }
        let plan = try fetchPlan(for: descriptor)
        // A row of a sub-entity is identified by its own entity: keys alone do not say it.
        guard plan.isAnsweredBySQL, !plan.query.isPolymorphic else {
            return try fetch(descriptor).map(\.persistentModelID)
        }
        let store = container.store(for: plan.entity).identifier
        return try matchingKeys(plan).map {
            PersistentIdentifier(entityName: plan.entity.name, storeIdentifier: store, key: .permanent($0))
        }
    }

    /// The work of ``ModelContext/fetchIdentifiers(_:batchSize:)``.
    func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws
        -> FetchResultsCollection<PersistentIdentifier>
    {
        FetchResultsCollection(elements: try fetchIdentifiers(descriptor))
    }

    /// The keys of the rows a fetch answered by SQL matches, in its order.
    func matchingKeys(_ plan: FetchPlan) throws -> KeyList {
        let query = plan.keysSQL
        do {
            return try access(for: plan.entity).read { db in
                try KeyList(db, sql: query.text, arguments: StatementArguments(databaseValues: query.arguments))
            }
        } catch {
            throw SQLiteErrors.swiftDataError(error, path: container.store(for: plan.entity).identifier)
        }
    }
}

/// The result of `ModelContextCore/fetch(_:batchSize:)` and
/// `ModelContextCore/fetchIdentifiers(_:batchSize:)`, as SwiftData's
/// `FetchResultsCollection`: the matching models (or identifiers) in order. A batched
/// fetch's models are read from the store a batch at a time as they are reached; the
/// collection keeps the batch last read, and models of other batches are read again
/// (the context's instance, while one exists) when they are reached again.
public struct FetchResultsCollection<Element>: RandomAccessCollection {
    /// Where the elements come from.
    private enum Source {
        /// Every element, read at once.
        case elements([Element])
        /// The matches' keys or identifiers, read at the fetch; each model is read with its
        /// batch.
        case batches(count: Int, element: (_ position: Int) -> Element)
    }

    private let source: Source

    init(elements: [Element]) {
        source = .elements(elements)
    }

    init(keys: KeyList, batches: BatchLoader<Element>) where Element: PersistentModel {
        source = .batches(count: keys.count, element: { batches.model(at: $0, keys: keys) })
    }

    init(identifiers: [PersistentIdentifier], batches: DataStoreBatchLoader<Element>) where Element: PersistentModel {
        source = .batches(count: identifiers.count, element: { batches.model(at: $0, identifiers: identifiers) })
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch source {
        case .elements(let elements): elements.count
        case .batches(let count, _): count
        }
    }

    /// The element at `position`: a batched fetch reads the element's batch when it is not the
    /// batch read last.
    ///
    /// - Parameter position: The element's index, from 0.
    public subscript(position: Int) -> Element {
        switch source {
        case .elements(let elements): elements[position]
        case .batches(_, let element): element(position)
        }
    }
}

/// Reads the models of a ``FetchResultsCollection`` one batch at a time.
final class BatchLoader<Model: PersistentModel> {
    private let context: ModelContextCore
    /// How the models are read (with `propertiesToFetch`, some columns only).
    private let query: EntityQuery
    private let size: Int
    private let prefetched: [Int]
    private var loaded: (batch: Int, models: [Model])?

    private var entity: EntityDescriptor { query.entity }

    init(context: ModelContextCore, query: EntityQuery, size: Int, prefetched: [Int]) {
        self.context = context
        self.query = query
        self.size = max(1, size)
        self.prefetched = prefetched
    }

    func model(at position: Int, keys: KeyList) -> Model {
        let batch = position / size
        if loaded?.batch != batch {
            loaded = (batch, load(keys.keys(at: (batch * size)..<min(keys.count, (batch + 1) * size))))
        }
        guard let loaded else { preconditionFailure("batch \(batch) was just loaded") }
        return loaded.models[position - batch * size]
    }

    /// The models of `keys`, in their order. A row deleted since the keys were read
    /// has no model: reaching it is a programming error, as faulting a deleted model is
    /// in SwiftData.
    private func load(_ keys: [Int64]) -> [Model] {
        let models: [Model]
        do {
            models = try context.models(keyed: keys, query: query, as: Model.self)
            try context.prefetch(prefetched, of: models, entity: entity)
        } catch {
            preconditionFailure("the models of a batched fetch of \(entity.name) cannot be read: \(error)")
        }
        guard models.count == keys.count else {
            let read = Set(models.compactMap(\.persistentBackingData.primaryKey))
            let missing = keys.first { !read.contains($0) }.map(String.init) ?? "?"
            preconditionFailure("the \(entity.name) with key \(missing) was deleted after the batched fetch read it")
        }
        return models
    }
}
