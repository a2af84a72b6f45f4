import Foundation
import OpenSwiftData

/// Fetches models of one entity by identifier, a bounded number per query.
enum ModelLookup {
    /// The models of `identifiers` that still exist, by identifier.
    static func models(
        _ type: any PersistentModel.Type, _ identifiers: [PersistentIdentifier], in context: ModelContext
    ) throws -> [PersistentIdentifier: any PersistentModel] {
        try fetch(type, identifiers, in: context)
    }

    /// Every model of the entity `entityName`, of class `type`: not those of its
    /// sub-entities (`@Model` subclasses), which a fetch of `type` returns too, and which
    /// are records of their own entities.
    static func all(_ type: any PersistentModel.Type, entityName: String, in context: ModelContext) throws
        -> [any PersistentModel]
    {
        try fetchAll(type, in: context).filter { $0.persistentModelID.entityName == entityName }
    }

    /// The number of models of an entity, its sub-entities' included.
    static func count(_ type: any PersistentModel.Type, in context: ModelContext) throws -> Int {
        try countAll(type, in: context)
    }

    private static func countAll<Model: PersistentModel>(_: Model.Type, in context: ModelContext) throws -> Int {
        try context.fetchCount(FetchDescriptor<Model>())
    }

    private static func fetch<Model: PersistentModel>(
        _: Model.Type, _ identifiers: [PersistentIdentifier], in context: ModelContext
    ) throws -> [PersistentIdentifier: any PersistentModel] {
        var found: [PersistentIdentifier: any PersistentModel] = [:]
        var start = 0
        while start < identifiers.count {
            let chunk = Array(identifiers[start..<min(start + 500, identifiers.count)])
            start += chunk.count
            let descriptor = FetchDescriptor<Model>(predicate: #Predicate { chunk.contains($0.persistentModelID) })
            for model in try context.fetch(descriptor) { found[model.persistentModelID] = model }
        }
        return found
    }

    private static func fetchAll<Model: PersistentModel>(_: Model.Type, in context: ModelContext) throws
        -> [any PersistentModel]
    {
        try context.fetch(FetchDescriptor<Model>())
    }
}
