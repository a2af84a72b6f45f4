import GRDB

/// Where a model's persisted values live: one stored value per property, the loaded
/// relationship targets, and the model's state in its context.
///
/// `@Model` routes every persisted property through this object; application code
/// never needs it directly.
///
/// Its mutable properties are `@exclusivity(unchecked)`: a fetch touches several of them
/// for every row, and a run-time exclusivity check costs about as much as the work
/// itself. No code here passes them `inout` or mutates one while another access to it
/// is under way, which is what the checks would catch.
public final class ModelBackingData {
    /// A model's place in its context's life cycle.
    enum State {
        /// Not registered in any context.
        case detached
        /// Inserted, not saved yet.
        case inserted
        /// Backed by a row of the store.
        case persisted
        /// Deleted; the row goes at the next save.
        case deleted
    }

    /// A relationship's targets once known.
    enum RelationshipSlot {
        /// Not read from the store yet; a to-one's key is in `values`.
        case notLoaded
        case toOne((any PersistentModel)?)
        case toMany([any PersistentModel])
    }

    // Every fetched row allocates one of these, so it is kept small: the rare state is
    // in side objects, created on first use, and the fields are in decreasing size so
    // that there is no padding (108 bytes, against 193 with the rare state inline).

    /// The model's entity. Not retained: every entity descriptor stays in the process's
    /// registry (``EntityDescriptor/of(_:)``) for the life of the process, and a retain
    /// and a release per fetched row are measurable.
    unowned(unsafe) let entity: EntityDescriptor
    /// The stored form of each attribute, and the target's key of each to-one
    /// relationship; unused (NULL) for to-many relationships.
    let values: StoredValues
    /// Relationship targets, by property index; empty when the entity has none.
    @exclusivity(unchecked) var relationships: [RelationshipSlot]
    /// The context the model is registered in. Held strongly, as SwiftData does, so
    /// that a fetched model can still load its relationships after the code that
    /// fetched it has let go of the context.
    @exclusivity(unchecked) var context: ModelContext?
    /// The query that last read this model's row, and the row's place in it, so that a
    /// relationship faulted here is read for the neighbouring rows too.
    @exclusivity(unchecked) var fetchBatch: FetchBatch?
    @exclusivity(unchecked) var fetchBatchPosition = 0
    /// The identity-map table the model is registered in, from which its `deinit`
    /// removes it. Not retained: a context never drops a table, and this object holds
    /// the context (``context``) until its `deinit` has run.
    @exclusivity(unchecked) unowned(unsafe) var identityTable: PrimaryKeyTable?
    /// Changes since the last save; nil until the first one.
    @exclusivity(unchecked) private var pendingChanges: PendingChanges?
    /// A temporary identifier, or the store of a context the model left; nil for most.
    @exclusivity(unchecked) private var identifierMemo: IdentifierMemo?
    @exclusivity(unchecked) var primaryKey: Int64?
    @exclusivity(unchecked) var state: State = .detached
    /// Relationships assigned in the model's initialiser, whose inverses are set up when
    /// the model is inserted.
    @exclusivity(unchecked) var hasInitialRelationships = false
    /// Set while a fetched row's model is created: the row's values stand, the
    /// properties' initial values do not apply (see ``RowBackingHandOff``).
    @exclusivity(unchecked) var ignoresInitialValues = false

    /// Indices of properties changed since the last save.
    var changedProperties: Set<Int> { pendingChanges?.properties ?? [] }

    var hasChangedProperties: Bool { pendingChanges.map { !$0.properties.isEmpty } ?? false }

    /// The identifier of the store the model belongs to: its context's, or that of the
    /// last context it was registered in. Not stored per model while it is registered:
    /// a fetch would copy the same string into every one.
    var storeIdentifier: String? {
        context?.container.store.identifier ?? identifierMemo?.storeIdentifierAfterContext
    }

    /// Unregisters the model from its context; its identifier keeps the store's.
    func leaveContext() {
        if let store = context?.container.store.identifier {
            memo().storeIdentifierAfterContext = store
        }
        identityTable = nil
        context = nil
    }

    private func memo() -> IdentifierMemo {
        if let identifierMemo { return identifierMemo }
        let created = IdentifierMemo()
        identifierMemo = created
        return created
    }

    /// Creates empty storage for a new model of the given type: NULL values and empty,
    /// loaded relationships.
    public convenience init<Model: PersistentModel>(for type: Model.Type) {
        let entity = EntityDescriptor.known(type)
        self.init(entity: entity, primaryKey: nil)
        relationships = entity.newModelRelationships
    }

    /// NULL values and relationships not loaded yet: a fetched row's storage, whose
    /// values the caller then stores (`init(for:)` makes a new model's relationships
    /// loaded and empty instead).
    init(entity: __shared EntityDescriptor, primaryKey: Int64?) {
        self.entity = entity
        self.primaryKey = primaryKey
        self.values = StoredValues(nullCount: entity.properties.count)
        self.relationships = entity.unloadedRelationships
    }

    deinit {
        // The model is gone: so is its place in the context's identity map.
        if let primaryKey, let identityTable {
            // Only when released: another live model may have taken the row over.
            identityTable.remove(primaryKey, onlyIfReleased: true)
        }
        values.deallocate()
    }

    /// The backing data held in a model's `storage`, created for `type` on first use.
    /// `@Model` keeps its backing data this way so that a fetched model, which receives
    /// its backing data in `init(backingData:)`, never builds one only to drop it.
    public static func resolve<Model: PersistentModel>(_ storage: inout ModelBackingData?, for type: Model.Type)
        -> ModelBackingData
    {
        if let existing = storage { return existing }
        if let handedOff = RowBackingHandOff.current,
            ObjectIdentifier(handedOff.entity.modelType) == ObjectIdentifier(type)
        {
            storage = handedOff
            return handedOff
        }
        let created = ModelBackingData(for: type)
        storage = created
        return created
    }

    var persistentModelID: PersistentIdentifier {
        if let primaryKey {
            return PersistentIdentifier(
                entityName: entity.name, storeIdentifier: storeIdentifier, key: .permanent(primaryKey))
        }
        if let temporary = identifierMemo?.temporaryIdentifier { return temporary }
        let identifier = PersistentIdentifier.temporary(entityName: entity.name)
        memo().temporaryIdentifier = identifier
        return identifier
    }

    // MARK: Accessors used by @Model

    /// Stores a property's value from the model's initialiser.
    public func initializeValue<Value>(_ value: Value, at index: Int) {
        guard !ignoresInitialValues else { return }
        if let codec = entity.attributeCodecs[index] {
            values[index] = encode(value, with: codec, at: index)
            return
        }
        let property = entity.properties[index]
        if property.relationship?.isToMany == true {
            relationships[index] = .toMany(Self.models(in: value))
        } else {
            relationships[index] = .toOne(Self.model(in: value))
        }
        hasInitialRelationships = true
    }

    /// Reads a property.
    public func value<Model: PersistentModel, Value>(at index: Int, of owner: Model) -> Value {
        if let codec = entity.attributeCodecs[index] {
            do {
                return try typed(codec, as: Value.self, at: index).decode(values[index])
            } catch {
                fatalError("\(entity.name).\(entity.properties[index].name) cannot be read from the store: \(error)")
            }
        }
        return relationshipValue(at: index, of: owner)
    }

    /// Reads a relationship. Kept out of ``value(at:of:)`` so that attribute reads, the
    /// common case, do not pay for the type metadata this path needs.
    @inline(never)
    private func relationshipValue<Model: PersistentModel, Value>(at index: Int, of owner: Model) -> Value {
        let property = entity.properties[index]
        guard let relationship = property.relationship else {
            fatalError("\(entity.name).\(property.name) is neither an attribute nor a relationship")
        }
        if relationship.isToMany {
            let targets = RelationshipGraph.targets(of: owner, at: index)
            return Self.typedArray(targets, as: Value.self, property: property)
        }
        let target = RelationshipGraph.target(of: owner, at: index)
        if let target, let typed = target as? Value {
            return typed
        }
        guard let optionalType = Value.self as? any _OptionalMarker.Type, let none = optionalType._none as? Value
        else {
            fatalError("\(entity.name).\(property.name) is not optional but refers to no model")
        }
        return none
    }

    /// Writes a property, recording the change in the model's context.
    public func setValue<Model: PersistentModel, Value>(_ newValue: Value, at index: Int, of owner: Model) {
        if let codec = entity.attributeCodecs[index] {
            let encoded = encode(newValue, with: codec, at: index)
            guard encoded != values[index] || state == .detached else { return }
            willChange(index, of: owner)
            values[index] = encoded
            return
        }
        if entity.properties[index].relationship?.isToMany == true {
            RelationshipGraph.setTargets(Self.models(in: newValue), of: owner, at: index)
        } else {
            RelationshipGraph.setTarget(Self.model(in: newValue), of: owner, at: index)
        }
    }

    // MARK: Change tracking

    /// Records that a property is about to change: keeps the snapshot for rollback and
    /// registers the model as changed in its context.
    func willChange(_ index: Int, of owner: any PersistentModel) {
        guard state != .detached else { return }
        if state == .persisted || state == .deleted { keepSnapshot() }
        changes().properties.insert(index)
        context?.registerChange(of: owner)
    }

    /// Keeps the values and relationships as they are now for ``restoreSnapshot()``,
    /// unless a snapshot is already kept.
    func keepSnapshot() {
        let changes = changes()
        if changes.snapshot == nil { changes.snapshot = (values.array, relationships) }
    }

    /// Puts back the values and relationships of the kept snapshot, if any, and forgets it.
    func restoreSnapshot() {
        if let snapshot = pendingChanges?.snapshot {
            values.assign(snapshot.values)
            relationships = snapshot.relationships
        }
        forgetSnapshot()
    }

    /// Forgets the kept snapshot: the current values are saved.
    func forgetSnapshot() {
        pendingChanges?.snapshot = nil
        if pendingChanges?.isEmpty == true { pendingChanges = nil }
    }

    /// Forgets which properties changed: they are saved, or rolled back.
    func forgetChangedProperties() {
        pendingChanges?.properties.removeAll()
        if pendingChanges?.isEmpty == true { pendingChanges = nil }
    }

    private func changes() -> PendingChanges {
        if let pendingChanges { return pendingChanges }
        let created = PendingChanges()
        pendingChanges = created
        return created
    }

    // MARK: Conversions

    /// The codec of the attribute at `index`, as the accessor's type sees it. `@Model`
    /// declares the accessor and the attribute from the same property, so a mismatch is
    /// a programming error.
    private func typed<Value>(_ codec: AttributeCodec, as type: Value.Type, at index: Int)
        -> TypedAttributeCodec<Value>
    {
        guard ObjectIdentifier(codec.valueType) == ObjectIdentifier(Value.self) else {
            fatalError("\(entity.name).\(entity.properties[index].name) is not of type \(Value.self)")
        }
        return unsafeDowncast(codec, to: TypedAttributeCodec<Value>.self)
    }

    private func encode<Value>(_ value: Value, with codec: AttributeCodec, at index: Int) -> DatabaseValue {
        do {
            return try typed(codec, as: Value.self, at: index).encode(value)
        } catch {
            fatalError("\(entity.name).\(entity.properties[index].name) cannot be stored: \(error)")
        }
    }

    static func model<Value>(in value: Value) -> (any PersistentModel)? {
        // A to-one property is a class reference or an optional one: `nil` (the usual
        // initial value, applied in every initializer) is a null word, found without a cast.
        if MemoryLayout<Value>.size == MemoryLayout<UInt>.size,
            withUnsafeBytes(of: value, { $0.load(as: UInt.self) }) == 0
        {
            return nil
        }
        return (value as Any) as? any PersistentModel
    }

    static func models<Value>(in value: Value) -> [any PersistentModel] {
        guard let array = (value as Any) as? any _ArrayMarker else { return [] }
        return array._elementsAny.compactMap { $0 as? any PersistentModel }
    }

    private static func typedArray<Value>(
        _ targets: [any PersistentModel], as type: Value.Type, property: PropertyDescriptor
    )
        -> Value
    {
        let arrayType =
            ((Value.self as? any _OptionalMarker.Type)?._wrappedType ?? Value.self) as? any _ArrayMarker.Type
        guard let arrayType, let array = arrayType._make(fromModels: targets) else {
            fatalError("\(property.name) holds models of an unexpected type")
        }
        if let typed = array as? Value { return typed }
        if let wrapped = (Value.self as? any _OptionalMarker.Type)?._wrap(array) as? Value { return wrapped }
        fatalError("\(property.name) holds models of an unexpected type")
    }
}
