extension ModelContextCore {
    /// Reads again the rows of the models among `identifiers` that this context holds, in
    /// one query per entity: those without unsaved changes then show what another context
    /// saved (see ``materialize(_:query:as:batch:)``). A live query's fetch does that for
    /// the models it returns; this does it for the related models they show.
    func rereadRegisteredModels(_ identifiers: [PersistentIdentifier]) throws {
        for (entityName, group) in Dictionary(grouping: identifiers, by: \.entityName) {
            guard let entity = container.schema.descriptorsByName[entityName] else { continue }
            let keys = group.compactMap(\.primaryKey).filter { identityMap[IdentityMap.key(entity, $0)] != nil }
            guard !keys.isEmpty else { continue }
            let query = query(for: entity)
            func reread<T: PersistentModel>(_: T.Type) throws {
                _ = try models(keyed: keys, query: query, as: T.self)
            }
            try reread(entity.modelType)
        }
    }
}
