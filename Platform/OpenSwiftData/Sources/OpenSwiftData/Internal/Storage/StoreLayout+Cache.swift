extension StoreLayout {
    private static let cache = Locked<[[ObjectIdentifier]: StoreLayout]>([:])

    /// The layout of `entities`, computed once per process for each list of entities.
    ///
    /// Every container computes its schema's layout, and computing it (the shapes, their
    /// hashes, the references between tables) costs about as much as opening the store
    /// itself. It depends on the entity descriptors only, which never change and never
    /// leave the process's registry, so a layout computed once serves every later
    /// container of the same entities. The cache holds one layout per distinct list, as
    /// many as the process has schemas.
    static func of(_ entities: [EntityDescriptor]) -> StoreLayout {
        let key = entities.map(ObjectIdentifier.init)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let computed = StoreLayout(entities: entities)
        return cache.withLock { cache in
            if let cached = cache[key] { return cached }
            cache[key] = computed
            return computed
        }
    }
}
