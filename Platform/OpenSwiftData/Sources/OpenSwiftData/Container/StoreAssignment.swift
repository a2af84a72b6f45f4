import Foundation

/// Which configuration of a container stores each model type, as SwiftData assigns them:
/// a model goes to the configuration whose schema lists it; a model that no
/// configuration's schema lists goes to the first configuration without a schema.
///
/// Each configuration is a store of its own, so every model is stored by exactly one:
/// a model listed by two configurations is an error, and so is a relationship between
/// models of two stores (a configuration's schema includes the models its models refer
/// to, so such a relationship usually shows as a model in two configurations). Every
/// error names the model, the configurations and, where there is one, the relationship.
struct StoreAssignment {
    /// The configurations, in order; `ModelConfiguration()` when none was given.
    let configurations: [ModelConfiguration]
    /// The schema of each configuration's store: the container's schema when there is
    /// one configuration, else the models assigned to it.
    let schemas: [Schema]
    /// The store of each entity, by entity descriptor.
    let storeIndexByEntity: [ObjectIdentifier: Int]

    init(schema: Schema, configurations given: [ModelConfiguration]) throws(SwiftDataError) {
        let configurations = given.isEmpty ? [ModelConfiguration()] : given
        self.configurations = configurations
        try Self.checkNames(configurations)
        try Self.checkDistinctFiles(configurations)
        let claims = try Self.claims(of: configurations, in: schema)
        guard configurations.count > 1 else {
            // One store holds every model of the container's schema, as SwiftData's
            // single store does, even when the configuration's schema lists fewer.
            schemas = [schema]
            storeIndexByEntity = Dictionary(
                schema.descriptors.map { (ObjectIdentifier($0), 0) }, uniquingKeysWith: { first, _ in first })
            return
        }
        let catchAll = configurations.firstIndex { $0.schema == nil }
        var assigned: [ObjectIdentifier: Int] = [:]
        for entity in schema.descriptors {
            let claimants = claims[ObjectIdentifier(entity)] ?? []
            if claimants.count > 1 {
                throw .configurationAssignment(
                    entity: entity.name, reason: Self.severalClaimsReason(entity, claimants, configurations))
            }
            guard let index = claimants.first ?? catchAll else {
                throw .configurationAssignment(
                    entity: entity.name,
                    reason:
                        "no configuration's schema lists it, and every configuration lists its models; add it to one configuration's schema, or add a configuration without a schema"
                )
            }
            assigned[ObjectIdentifier(entity)] = index
        }
        try Self.checkRelationshipsStayInStores(schema, assigned, configurations)
        schemas = configurations.indices.map { index in
            let types = schema.descriptors.filter { assigned[ObjectIdentifier($0)] == index }.map(\.modelType)
            return Schema(types, version: schema.version)
        }
        storeIndexByEntity = assigned
    }

    private init(configurations: [ModelConfiguration], schemas: [Schema], storeIndexByEntity: [ObjectIdentifier: Int]) {
        self.configurations = configurations
        self.schemas = schemas
        self.storeIndexByEntity = storeIndexByEntity
    }

    /// The assignment with each store that models leave (``ModelMove``) still holding
    /// them, as it does until they have moved.
    func holding(_ moves: [ModelMove]) -> StoreAssignment {
        var schemas = schemas
        for move in moves {
            let leaving = self.schemas[move.destination].descriptors.filter { move.entities.contains($0.name) }
            schemas[move.source] = Schema(
                schemas[move.source].modelTypes + leaving.map(\.modelType), version: schemas[move.source].version)
        }
        return StoreAssignment(configurations: configurations, schemas: schemas, storeIndexByEntity: storeIndexByEntity)
    }

    /// The configurations that list each entity in their schemas, by entity descriptor.
    /// A configuration may list only models of the container's schema.
    private static func claims(of configurations: [ModelConfiguration], in schema: Schema) throws(SwiftDataError)
        -> [ObjectIdentifier: [Int]]
    {
        var claims: [ObjectIdentifier: [Int]] = [:]
        for (index, configuration) in configurations.enumerated() {
            guard let listed = configuration.schema else { continue }
            if let invalidity = listed.invalidity { throw invalidity }
            for entity in listed.descriptors {
                guard schema.descriptorsByName[entity.name] === entity else {
                    throw .configurationAssignment(
                        entity: entity.name,
                        reason:
                            "configuration '\(configuration.name)' lists it, but the container's schema does not; add it to the container's schema",
                        notInContainerSchema: true)
                }
                claims[ObjectIdentifier(entity), default: []].append(index)
            }
        }
        return claims
    }

    /// Two configurations on one file would be two stores writing the same tables.
    private static func checkDistinctFiles(_ configurations: [ModelConfiguration]) throws(SwiftDataError) {
        var paths = Set<String>()
        for configuration in configurations where !configuration.isStoredInMemoryOnly {
            let path = configuration.url.standardizedFileURL.path
            guard paths.insert(path).inserted else { throw .duplicateConfiguration(path: path) }
        }
    }

    /// Why a model listed by several configurations cannot be stored: naming, where one
    /// exists, a relationship that took it into a configuration's schema.
    private static func severalClaimsReason(
        _ entity: EntityDescriptor, _ claimants: [Int], _ configurations: [ModelConfiguration]
    ) -> String {
        let names = claimants.map { "'\(configurations[$0].name)'" }.joined(separator: " and ")
        let reason = "it is in the schemas of configurations \(names), and a model is stored by one configuration"
        for index in claimants {
            guard let listed = configurations[index].schema else { continue }
            for other in listed.descriptors where other !== entity {
                guard let property = other.properties.first(where: { $0.relationship?.target == entity.modelType })
                else { continue }
                return reason
                    + " (a configuration's schema takes in the models its models refer to, and \(other.name).\(property.name) refers to \(entity.name)); relationships between stores are not supported: list related models in one configuration"
            }
        }
        return reason + "; list it in one of them"
    }

    /// A relationship's two ends must be in one store: a row's key means nothing in another
    /// file. So must a `@Model` subclass and its superclass, whose tables hold one row's
    /// columns between them.
    private static func checkRelationshipsStayInStores(
        _ schema: Schema, _ assigned: [ObjectIdentifier: Int], _ configurations: [ModelConfiguration]
    ) throws(SwiftDataError) {
        for entity in schema.descriptors {
            guard let own = assigned[ObjectIdentifier(entity)] else { continue }
            if let superentity = entity.superentity, let other = assigned[ObjectIdentifier(superentity)], other != own {
                throw .configurationAssignment(
                    entity: entity.name,
                    reason:
                        "it inherits from \(superentity.name), which configuration '\(configurations[other].name)' stores, while \(entity.name) is stored by '\(configurations[own].name)'; a model class and its subclasses are stored together: list them in one configuration"
                )
            }
            for property in entity.properties {
                guard let relationship = property.relationship,
                    let target = schema.descriptor(for: relationship.target),
                    let other = assigned[ObjectIdentifier(target)], other != own
                else { continue }
                throw .configurationAssignment(
                    entity: entity.name,
                    reason:
                        "\(entity.name).\(property.name) refers to \(target.name), which configuration '\(configurations[other].name)' stores, while \(entity.name) is stored by '\(configurations[own].name)'; relationships between stores are not supported: list related models in one configuration"
                )
            }
        }
    }

    /// A configuration's name makes its default file name (`<name>.store`), as SwiftData
    /// refuses: a name with a `/` or a NUL is
    /// ``SwiftDataError/configurationFileNameContainsInvalidCharacters``, one whose file
    /// name is longer than a file system takes (255 bytes) is
    /// ``SwiftDataError/configurationFileNameTooLong``.
    private static func checkNames(_ configurations: [ModelConfiguration]) throws(SwiftDataError) {
        for configuration in configurations where !configuration.isStoredInMemoryOnly {
            if configuration.name.contains("/") || configuration.name.contains("\0") {
                throw .configurationFileNameContainsInvalidCharacters
            }
            if configuration.name.utf8.count + ".store".utf8.count > 255 {
                throw .configurationFileNameTooLong
            }
        }
    }
}
