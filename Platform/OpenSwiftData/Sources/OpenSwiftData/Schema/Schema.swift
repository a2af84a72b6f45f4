/// The set of model types a container stores, as SwiftData's `Schema`.
///
/// Related model types reachable through relationships, and the superclasses of
/// `@Model` subclasses, are included automatically. A schema that lists a `@Model`
/// class and some of its `@Model` subclasses stores each as its own entity: fetching the
/// class returns models of the subclasses too, each of its own class.
///
/// ```swift
/// let schema = Schema([Trip.self, Stop.self])
/// let versioned = Schema(versionedSchema: TripsSchemaV2.self)
/// ```
public final class Schema: Sendable, CustomStringConvertible {
    /// The entities, in the order their types were given (related types after).
    public let entities: [Entity]
    /// The version of the schema; `1.0.0` unless it comes from a `VersionedSchema`.
    public let version: Version
    let layout: StoreLayout
    let descriptors: [EntityDescriptor]
    let descriptorsByName: [String: EntityDescriptor]
    private let descriptorIdentifiers: Set<ObjectIdentifier>
    let modelTypes: [any PersistentModel.Type]
    /// How each entity is stored, by entity name: what a store records to compare the next
    /// version's models with.
    package var entityShapes: [String: EntityShape] { layout.shapes }

    /// An error found in the models, reported when a container is created (or a custom
    /// store's dry run of a migration is asked for).
    package let invalidity: SwiftDataError?

    /// Creates a schema from model types.
    ///
    /// - Parameters:
    ///   - types: The model types; the types they inherit from and refer to are added.
    ///   - version: The schema's version.
    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        var descriptors: [EntityDescriptor] = []
        var seen = Set<ObjectIdentifier>()
        var pending = types
        var invalidity: SwiftDataError?
        var index = 0
        while index < pending.count {
            let type = pending[index]
            index += 1
            guard seen.insert(ObjectIdentifier(type)).inserted else { continue }
            do {
                let descriptor = try EntityDescriptor.of(type)
                descriptors.append(descriptor)
                if let superentity = descriptor.superentity { pending.append(superentity.modelType) }
                for property in descriptor.properties {
                    if let target = property.relationship?.target { pending.append(target) }
                }
            } catch {
                invalidity = invalidity ?? error
            }
        }
        var byName: [String: EntityDescriptor] = [:]
        for descriptor in descriptors {
            if byName[descriptor.name] != nil {
                invalidity =
                    invalidity
                    ?? .invalidModel(
                        entity: descriptor.name,
                        reason: "two model types in one schema have the same name"
                    )
            }
            byName[descriptor.name] = descriptor
        }
        for descriptor in descriptors where invalidity == nil {
            if let error = descriptor.inverseError() {
                invalidity = invalidity ?? error
            }
        }
        self.descriptors = descriptors
        self.descriptorsByName = byName
        self.descriptorIdentifiers = Set(descriptors.map(ObjectIdentifier.init))
        self.modelTypes = descriptors.map(\.modelType)
        self.version = version
        self.invalidity = invalidity
        // An invalid schema is refused before any store is laid out; its layout would
        // need the descriptors of models that cannot be described.
        self.layout = StoreLayout.of(invalidity == nil ? descriptors : [])
        self.entities = descriptors.map(Entity.init)
    }

    /// Creates a schema from model types.
    ///
    /// - Parameters:
    ///   - types: The model types; the types they inherit from and refer to are added.
    ///   - version: The schema's version.
    public convenience init(_ types: any PersistentModel.Type..., version: Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    /// Creates the schema of one version of a versioned schema.
    ///
    /// - Parameter versionedSchema: The version: its models and its version identifier.
    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }

    /// The entity with this name, if the schema has one.
    ///
    /// - Parameter name: The entity's name.
    public func entity(named name: String) -> Entity? {
        entities.first { $0.name == name }
    }

    /// The entities by name, as SwiftData's `entitiesByName`.
    public var entitiesByName: [String: Entity] {
        Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The entity of a model type, if the schema has it.
    ///
    /// - Parameter type: The model type.
    public func entity<Model: PersistentModel>(for type: Model.Type) -> Entity? {
        descriptor(for: type).map(Entity.init)
    }

    public var description: String {
        "Schema \(version): " + entities.map(\.name).joined(separator: ", ")
    }

    /// Whether the schema has this entity.
    func contains(_ entity: EntityDescriptor) -> Bool {
        descriptorIdentifiers.contains(ObjectIdentifier(entity))
    }

    func descriptor(for type: any PersistentModel.Type) -> EntityDescriptor? {
        descriptors.first { $0.modelType == type }
    }
}

extension Schema {
    /// One model type of a schema: its attributes and relationships.
    public struct Entity: Hashable, Sendable, CustomStringConvertible {
        /// The entity's name: its model class's name, which is also its table's.
        public let name: String
        /// The entity this one inherits from (its model class's `@Model` superclass).
        public let superentityName: String?
        /// The stored attributes, in declaration order.
        public let attributes: [Attribute]
        /// The relationships, in declaration order.
        public let relationships: [Relationship]
        /// Groups of property names declared unique together (single `.unique`
        /// attributes included).
        public let uniquenessConstraints: [[String]]
        /// Groups of property names declared with `#Index`.
        public let indices: [[String]]

        init(_ descriptor: EntityDescriptor) {
            name = descriptor.name
            superentityName = descriptor.superentity?.name
            attributes = descriptor.properties.compactMap { $0.attribute?.metadata }
            relationships = descriptor.properties.compactMap { property in
                guard var relationship = property.relationship?.metadata else { return nil }
                if let inverse = descriptor.inverse(of: property.index) {
                    relationship.inverseName = inverse.entity.properties[inverse.index].name
                }
                return relationship
            }
            uniquenessConstraints = descriptor.uniquenessConstraints
            indices = descriptor.declaredIndexes
        }

        /// Names of every stored property, attributes then relationships.
        public var storedPropertyNames: [String] {
            attributes.map(\.name) + relationships.map(\.name)
        }

        public var description: String {
            "\(name)(" + storedPropertyNames.joined(separator: ", ") + ")"
        }
    }
}
