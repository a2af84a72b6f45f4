/// What `@Attribute` or `@Relationship` says about a property.
public protocol SchemaPropertyMetadata: Sendable {}

extension Schema {
    /// One persisted property of a model, as `@Model` describes it.
    ///
    /// `@Model` writes these into ``PersistentModel/schemaMetadata``; the generic
    /// initialiser captures the property's type and its declared default value.
    // @unchecked Sendable: immutable; its key path is an immutable object, its default
    // value is only read, and its announcer captures only a key path; checked by
    // `ConcurrentSchemaUseTests` under the thread sanitizer.
    public struct PropertyMetadata: @unchecked Sendable {
        /// The property's name, which is also its column's.
        public let name: String
        /// The property's key path, rooted at the model type the metadata describes (for
        /// an inherited property, the subclass).
        public let keypath: AnyKeyPath
        /// The key path as the declaring class wrote it; differs from ``keypath`` for an
        /// inherited property.
        let declaringKeyPath: AnyKeyPath
        /// The default value written in the declaration (`var count: Int = 0`), if any.
        public let defaultValue: Any?
        /// What `@Attribute` or `@Relationship` says about the property; nil for a property
        /// without either.
        public let metadata: (any SchemaPropertyMetadata)?
        let valueKind: PropertyValueKind
        /// Whether the property is a `let`: its key path cannot write it.
        let isConstant: Bool
        /// Tells observers of the property's changes (nil for a `let`, which never changes).
        let changeAnnouncer: PropertyChangeAnnouncer?

        /// Describes the property `name` at `keypath`, with its declared default value and what
        /// its `@Attribute` or `@Relationship` says.
        ///
        /// - Parameters:
        ///   - name: The property's name.
        ///   - keypath: The property's key path.
        ///   - defaultValue: The default value written in the declaration, if any.
        ///   - metadata: What `@Attribute` or `@Relationship` says; nil for neither.
        public init<Root, Value>(
            name: String,
            keypath: KeyPath<Root, Value>,
            defaultValue: Value?,
            metadata: (any SchemaPropertyMetadata)?
        ) {
            self.name = name
            self.keypath = keypath
            self.declaringKeyPath = keypath
            self.defaultValue = defaultValue.map { $0 as Any }
            self.metadata = metadata
            self.valueKind = PropertyValueKind.classify(Value.self, attribute: metadata as? Schema.Attribute)
            self.isConstant = !(keypath is ReferenceWritableKeyPath<Root, Value>)
            self.changeAnnouncer = isConstant ? nil : PropertyChangeAnnouncer(keypath)
        }

        /// The same property, named by another key path to it.
        private init(_ metadata: PropertyMetadata, keypath: AnyKeyPath) {
            self.name = metadata.name
            self.keypath = keypath
            self.declaringKeyPath = metadata.declaringKeyPath
            self.defaultValue = metadata.defaultValue
            self.metadata = metadata.metadata
            self.valueKind = metadata.valueKind
            self.isConstant = metadata.isConstant
            self.changeAnnouncer = metadata.changeAnnouncer
        }

        /// A superclass's properties as its `@Model` subclass inherits them: each named by
        /// its key path rooted at the subclass, as a predicate on the subclass writes it.
        /// Implementation detail of `@Model`.
        ///
        /// - Parameters:
        ///   - metadata: The superclass's properties.
        ///   - keyPaths: The key path of each, rooted at the subclass, in the same order.
        @_documentation(visibility: internal)
        public static func _inherited(_ metadata: [PropertyMetadata], rootedAt keyPaths: [AnyKeyPath])
            -> [PropertyMetadata]
        {
            precondition(metadata.count == keyPaths.count, "one key path per inherited property")
            return zip(metadata, keyPaths).map { PropertyMetadata($0, keypath: $1) }
        }
    }
}

/// What kind of value a persisted property holds, decided once from its declared type.
// @unchecked Sendable: immutable; a codec is immutable too (see ``AttributeCodec``).
enum PropertyValueKind: @unchecked Sendable {
    /// A value stored in a column.
    case attribute(AttributeCodec)
    /// A reference to one model of the target type.
    case toOne(target: any PersistentModel.Type, isOptional: Bool)
    /// An array of models of the target type; `arrayType` is the array type as declared
    /// (`[Target]`, also for `[Target]?`), which a read of the relationship builds.
    case toMany(target: any PersistentModel.Type, isOptional: Bool, arrayType: any _ArrayMarker.Type)
    /// A type that cannot be stored.
    case unsupported(typeName: String)

    /// `attribute` is the property's `@Attribute`, whose options (a transformer, external
    /// storage) shape how it is stored.
    static func classify<Value>(_ type: Value.Type, attribute: Schema.Attribute? = nil) -> PropertyValueKind {
        var unwrapped: Any.Type = type
        var isOptional = false
        if let optionalType = type as? any _OptionalMarker.Type {
            unwrapped = optionalType._wrappedType
            isOptional = true
        }
        if let model = unwrapped as? any PersistentModel.Type {
            return .toOne(target: model, isOptional: isOptional)
        }
        if let arrayType = unwrapped as? any _ArrayMarker.Type,
            let model = arrayType._elementType as? any PersistentModel.Type
        {
            return .toMany(target: model, isOptional: isOptional, arrayType: arrayType)
        }
        if let codec = AttributeCodec.make(for: type, attribute: attribute) {
            return .attribute(codec)
        }
        return .unsupported(typeName: String(describing: type))
    }
}
