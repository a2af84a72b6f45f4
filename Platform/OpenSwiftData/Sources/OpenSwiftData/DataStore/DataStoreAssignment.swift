/// Which configuration stores each model type when a container's configurations include
/// custom ones (``DataStoreConfiguration``): a model goes to the configuration whose schema
/// lists it, else to the first configuration without a schema, as ``StoreAssignment``
/// assigns them among ``ModelConfiguration``s. The models of the ``ModelConfiguration``s
/// are then assigned among them by ``StoreAssignment``.
///
/// A model and the models it refers to, and its superclass's, are in one store.
struct DataStoreAssignment {
    /// The ``ModelConfiguration``s given, in order.
    let modelConfigurations: [ModelConfiguration]
    /// The configurations of the SQLite stores: those given, or one in-memory store that
    /// holds no model when every model is in custom stores.
    let sqliteConfigurations: [ModelConfiguration]
    /// The models of the SQLite stores.
    let sqliteSchema: Schema
    /// The custom configurations, each with the schema of its models.
    let customConfigurations: [any DataStoreConfiguration]
    /// The custom store of each entity of a custom store, by entity descriptor.
    let customIndexByEntity: [ObjectIdentifier: Int]

    init(schema: Schema, configurations: [any DataStoreConfiguration]) throws(SwiftDataError) {
        var models: [ModelConfiguration] = []
        var custom: [any DataStoreConfiguration] = []
        // Each configuration's place: a SQLite one's index among `models`, or a custom one's.
        var places: [(isCustom: Bool, index: Int)] = []
        for configuration in configurations {
            if let model = configuration as? ModelConfiguration {
                places.append((false, models.count))
                models.append(model)
            } else {
                places.append((true, custom.count))
                custom.append(configuration)
            }
        }
        var customIndex: [ObjectIdentifier: Int] = [:]
        var claimedBySQLite = Set<ObjectIdentifier>()
        for (index, configuration) in custom.enumerated() {
            guard let listed = configuration.schema else { continue }
            for entity in listed.descriptors {
                guard schema.descriptorsByName[entity.name] === entity else {
                    throw .configurationAssignment(
                        entity: entity.name,
                        reason:
                            "configuration '\(configuration.name)' lists it, but the container's schema does not; add it to the container's schema",
                        notInContainerSchema: true)
                }
                if let other = customIndex[ObjectIdentifier(entity)], other != index {
                    throw .configurationAssignment(
                        entity: entity.name,
                        reason:
                            "it is in the schemas of configurations '\(custom[other].name)' and '\(configuration.name)', and a model is stored by one configuration; list it in one of them"
                    )
                }
                customIndex[ObjectIdentifier(entity)] = index
            }
        }
        for configuration in models {
            for entity in configuration.schema?.descriptors ?? [] {
                guard let other = customIndex[ObjectIdentifier(entity)] else { continue }
                throw .configurationAssignment(
                    entity: entity.name,
                    reason:
                        "it is in the schemas of configurations '\(custom[other].name)' and '\(configuration.name)', and a model is stored by one configuration; list it in one of them"
                )
            }
            claimedBySQLite.formUnion((configuration.schema?.descriptors ?? []).map(ObjectIdentifier.init))
        }
        // Models no schema lists go to the first configuration without a schema.
        let catchAll = places.first { place in
            place.isCustom ? custom[place.index].schema == nil : models[place.index].schema == nil
        }
        for entity in schema.descriptors
        where customIndex[ObjectIdentifier(entity)] == nil && !claimedBySQLite.contains(ObjectIdentifier(entity)) {
            if let catchAll, catchAll.isCustom {
                customIndex[ObjectIdentifier(entity)] = catchAll.index
            } else if catchAll == nil, models.isEmpty {
                throw .configurationAssignment(
                    entity: entity.name,
                    reason:
                        "no configuration's schema lists it, and every configuration lists its models; add it to one configuration's schema, or add a configuration without a schema"
                )
            }
        }
        try Self.checkStoresAreClosed(schema, customIndex, custom)
        for index in custom.indices where custom[index].schema == nil {
            let types = schema.descriptors.filter { customIndex[ObjectIdentifier($0)] == index }.map(\.modelType)
            custom[index].schema = Schema(types, version: schema.version)
        }
        modelConfigurations = models
        sqliteConfigurations = models.isEmpty ? [ModelConfiguration(isStoredInMemoryOnly: true)] : models
        sqliteSchema = Schema(
            schema.descriptors.filter { customIndex[ObjectIdentifier($0)] == nil }.map(\.modelType),
            version: schema.version)
        customConfigurations = custom
        customIndexByEntity = customIndex
    }

    /// A relationship's two ends, and a model class and its superclass, must be in one
    /// store: a custom store's snapshots name models of its own.
    private static func checkStoresAreClosed(
        _ schema: Schema, _ customIndex: [ObjectIdentifier: Int], _ custom: [any DataStoreConfiguration]
    ) throws(SwiftDataError) {
        func storeName(_ index: Int?) -> String {
            index.map { "configuration '\(custom[$0].name)'" } ?? "a ModelConfiguration"
        }
        for entity in schema.descriptors {
            let own = customIndex[ObjectIdentifier(entity)]
            if let superentity = entity.superentity, customIndex[ObjectIdentifier(superentity)] != own {
                throw .configurationAssignment(
                    entity: entity.name,
                    reason:
                        "it inherits from \(superentity.name), which \(storeName(customIndex[ObjectIdentifier(superentity)])) stores, while \(entity.name) is stored by \(storeName(own)); a model class and its subclasses are stored together"
                )
            }
            for property in entity.properties {
                guard let relationship = property.relationship,
                    let target = schema.descriptor(for: relationship.target),
                    customIndex[ObjectIdentifier(target)] != own
                else { continue }
                throw .configurationAssignment(
                    entity: entity.name,
                    reason:
                        "\(entity.name).\(property.name) refers to \(target.name), which \(storeName(customIndex[ObjectIdentifier(target)])) stores, while \(entity.name) is stored by \(storeName(own)); relationships between stores are not supported: list related models in one configuration"
                )
            }
        }
    }

    /// Opens the store of every custom configuration.
    func openStores(plan: (any SchemaMigrationPlan.Type)?) throws -> DataStores {
        DataStores(
            stores: try customConfigurations.map { try openDataStore($0, plan: plan) },
            storeIndexByEntity: customIndexByEntity)
    }
}
