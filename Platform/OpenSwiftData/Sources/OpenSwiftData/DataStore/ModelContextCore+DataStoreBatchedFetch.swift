import Foundation

extension ModelContextCore {
    /// The work of ``ModelContext/fetch(_:batchSize:)`` for an entity of a custom store, as
    /// for a SQLite store's: the matches' identifiers are read now, in the descriptor's
    /// order and window (``fetchIdentifiers(_:from:)``), and each batch's models when one of
    /// them is first reached, by their identifiers, as a relationship's targets are read.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, from store: any OpenedDataStore, batchSize: Int)
        throws -> FetchResultsCollection<T>
    {
        FetchResultsCollection(
            identifiers: try fetchIdentifiers(descriptor, from: store),
            batches: DataStoreBatchLoader(context: self, store: store, size: batchSize))
    }
}

/// Reads the models of a ``FetchResultsCollection`` of a custom store's entity one batch at a
/// time, and keeps the batch it read last.
final class DataStoreBatchLoader<Model: PersistentModel> {
    private let context: ModelContextCore
    private let store: any OpenedDataStore
    private let size: Int
    private var loaded: (batch: Int, models: [Model])?

    init(context: ModelContextCore, store: any OpenedDataStore, size: Int) {
        self.context = context
        self.store = store
        self.size = max(1, size)
    }

    /// The model at `position` of the fetch whose matches are `identifiers`.
    func model(at position: Int, identifiers: [PersistentIdentifier]) -> Model {
        let batch = position / size
        if loaded?.batch != batch {
            loaded = (batch, load(Array(identifiers[(batch * size)..<min(identifiers.count, (batch + 1) * size)])))
        }
        guard let loaded else { preconditionFailure("batch \(batch) was just loaded") }
        return loaded.models[position - batch * size]
    }

    /// The models of `identifiers`, in their order: registered ones as they are (deleted in
    /// the context included, as a SQLite store's batch gives them), the others from the
    /// store. A model the store no longer has is a programming error to reach, as faulting a
    /// deleted model is in SwiftData.
    private func load(_ identifiers: [PersistentIdentifier]) -> [Model] {
        let models: [Model]
        do {
            let session = context.dataStoreSession(starting: store)
            models = try context.models(for: identifiers, store: store, session: session, keepsDeleted: true)
                .compactMap { $0 as? Model }
        } catch {
            preconditionFailure("the models of a batched fetch of \(Model.self) cannot be read: \(error)")
        }
        guard models.count == identifiers.count else {
            let read = Set(models.map(\.persistentModelID))
            let missing = identifiers.first { !read.contains($0) }.map { "\($0)" } ?? "?"
            preconditionFailure("the \(Model.self) \(missing) was deleted after the batched fetch read it")
        }
        return models
    }
}
