/// Where a model's persisted values live: one stored value per property, the loaded
/// relationship targets, and the model's state in its context.
///
/// `@Model` routes every persisted property through this object; application code
/// never needs it directly.
///
/// One allocation per model: the state is the header (`ModelBackingFields`) and the
/// stored values follow it, as a `ManagedBuffer`'s elements. A fetch creates one of
/// these per row, and a separate allocation for the values cost as much again. Both are
/// reached only inside the closures of `withUnsafeMutablePointerToHeader` and
/// `withUnsafeMutablePointerToElements`, and no pointer leaves them.
public final class ModelBackingData: ManagedBuffer<ModelBackingFields, StoredValue> {
    /// Indices of properties changed since the last save.
    var changedProperties: Set<Int> { pendingChanges?.properties ?? [] }

    var hasChangedProperties: Bool { pendingChanges.map { !$0.properties.isEmpty } ?? false }

    /// The identifier of the store the model belongs to: its context's, or that of the
    /// last context it was registered in. Not stored per model while it is registered:
    /// a fetch would copy the same string into every one.
    var storeIdentifier: String? {
        guard let container = context?.container else { return identifierMemo?.storeIdentifierAfterContext }
        // A container of one store answers without the entity: a save asks for every model.
        return container.stores.onlyStore?.identifier ?? container.store(for: entity).identifier
    }

    /// Unregisters the model from its context; its identifier keeps the store's.
    func leaveContext() {
        if let store = context?.container.store(for: entity).identifier {
            memo().storeIdentifierAfterContext = store
        }
        identityTable = nil
        context = nil
    }

    /// Forgets the primary key of a row that was deleted, keeping its identifier: the
    /// model is detached, and inserting it again makes a new row.
    func forgetPrimaryKey() {
        memo().identifierWithoutKey = persistentModelID
        primaryKey = nil
        state = .detached
    }

    /// Records that the model left its context by a delete (``IdentifierMemo/leftByDelete``).
    /// The mark stays while the model is inserted again, until that insert is saved
    /// (``forgetLeftByDelete()``): a rollback or an undo of the insert makes it a deleted
    /// model again.
    func markLeftByDelete() {
        memo().leftByDelete = true
    }

    /// Forgets ``markLeftByDelete()``: the model has a row again.
    func forgetLeftByDelete() {
        identifierMemo?.leftByDelete = false
    }

    /// Whether the model was deleted before it was inserted again, unsaved.
    var returnsFromDelete: Bool {
        state == .inserted && identifierMemo?.leftByDelete == true
    }

    /// Whether the model is deleted: in its context until the save, or out of it since.
    var isDeletedModel: Bool {
        state == .deleted || (state == .detached && identifierMemo?.leftByDelete == true)
    }

    private func memo() -> IdentifierMemo {
        if let identifierMemo { return identifierMemo }
        let created = IdentifierMemo()
        identifierMemo = created
        return created
    }

    /// Storage for a new model of the given type: each attribute holds the value a new
    /// model starts with (its declared default, or NULL; see
    /// ``EntityDescriptor/newModelValues``), and its relationships are empty and loaded.
    static func make<Model: PersistentModel>(for type: Model.Type) -> ModelBackingData {
        let entity = EntityDescriptor.known(type)
        return make(entity: entity, relationships: entity.newModelRelationships, primaryKey: nil) { values in
            // Element by element: `initialize(from:)` copies through the runtime's generic
            // array copy, which costs more than the loop for a model's few values.
            let newValues = entity.newModelValues
            precondition(newValues.count == values.count, "one value per property")
            for index in newValues.indices {
                values.initializeElement(at: index, to: newValues[index])
            }
        }
    }

    /// A fetched row's storage: relationships not loaded yet, and values that
    /// `initializeValues` initializes, every one of them.
    static func make(
        entity: __shared EntityDescriptor, primaryKey: Int64,
        initializeValues: (UnsafeMutableBufferPointer<StoredValue>) -> Void
    ) -> ModelBackingData {
        make(
            entity: entity, relationships: entity.unloadedRelationships, primaryKey: primaryKey,
            initializeValues: initializeValues)
    }

    private static func make(
        entity: __shared EntityDescriptor, relationships: [RelationshipSlot], primaryKey: Int64?,
        initializeValues: (UnsafeMutableBufferPointer<StoredValue>) -> Void
    ) -> ModelBackingData {
        let count = entity.properties.count
        let buffer = create(minimumCapacity: count) { _ in
            ModelBackingFields(entity: entity, relationships: relationships, primaryKey: primaryKey)
        }
        // `create` makes an instance of the class it is called on, as its documentation
        // says: the cast cannot fail (and is checked in debug builds).
        let backing = unsafeDowncast(buffer, to: ModelBackingData.self)
        backing.withUnsafeMutablePointerToElements { elements in
            initializeValues(UnsafeMutableBufferPointer(start: elements, count: count))
        }
        return backing
    }

    deinit {
        // The header goes with the object; the elements are this class's to destroy.
        // One at a time: the compiler then destroys each with code for `StoredValue`,
        // where `deinitialize(count:)` calls the runtime's generic array destruction.
        withUnsafeMutablePointers { header, elements in
            for index in 0..<header.pointee.valueCount {
                (elements + index).deinitialize(count: 1)
            }
        }
    }

    /// The model that held this backing data has ended (`ModelBackingReference`): its
    /// entry in its context's identity map goes with it, even when something else still
    /// holds this backing data.
    @usableFromInline
    func modelDidEnd() {
        let (key, table) = withUnsafeMutablePointerToHeader { ($0.pointee.primaryKey, $0.pointee.identityTable) }
        guard let key, let table else { return }
        // Used where it is: the context holds the table (see ``ModelBackingFields/identityTable``).
        table._withUnsafeGuaranteedRef { $0.remove(key) }
        identityTable = nil
    }

    var persistentModelID: PersistentIdentifier {
        if let primaryKey {
            if let identifier = identifierMemo?.dataStoreIdentifier { return identifier }
            return PersistentIdentifier(
                entityName: entity.name, storeIdentifier: storeIdentifier, key: .permanent(primaryKey))
        }
        if let identifier = identifierMemo?.identifierWithoutKey { return identifier }
        let identifier = PersistentIdentifier.temporary(entityName: entity.name)
        memo().identifierWithoutKey = identifier
        return identifier
    }

    // MARK: Accessors used by @Model

    /// Stores a property's value from the model's initialiser (the property's init
    /// accessor, for its initial value or the initialiser's assignment).
    func initializeValue<Value>(_ value: Value, at index: Int) {
        if let codec = entity.attributeCodecs[index] {
            if let encoded = encode(value, with: codec, at: index) { setStoredValue(encoded, at: index) }
            return
        }
        let property = entity.properties[index]
        if property.relationship?.isToMany == true {
            setRelationship(.toMany(Self.models(in: value)), at: index)
            recordInitialToMany(value, at: index)
        } else {
            setRelationship(.toOne(Self.model(in: value)), at: index)
        }
        hasInitialRelationships = true
    }

    /// The stored value of a `let` property, for `init(backingData:)` of a fetched
    /// model: `@Model` sets each `let` from its row this way.
    ///
    /// - Parameter index: The property's index in its entity.
    @_documentation(visibility: internal)
    public func constantValue<Value>(at index: Int) -> Value {
        guard let codec = entity.attributeCodecs[index] else {
            fatalError("\(entity.name).\(entity.properties[index].name) is not an attribute")
        }
        return attributeValue(at: index, codec: codec)
    }

    /// Takes the values and relationships of `properties` (indices) from `other`, backing
    /// data made by another class of the model's hierarchy while its initializers ran.
    func copyInitialValues(from other: ModelBackingData, properties: Range<Int>) {
        for index in properties {
            setStoredValue(other.storedValue(at: index), at: index)
        }
        let otherRelationships = other.relationships
        if !otherRelationships.isEmpty {
            for index in properties where entity.properties[index].relationship != nil {
                setRelationship(otherRelationships[index], at: index)
            }
        }
        if other.hasInitialRelationships { hasInitialRelationships = true }
    }

    /// Copies the values of the model's `let` properties, which live in the model
    /// itself, into its stored values: once, when the model is inserted.
    func copyConstants(of model: any PersistentModel) {
        for index in entity.constantPropertyIndices {
            let property = entity.properties[index]
            guard let codec = property.attribute?.codec, let value = model[keyPath: property.keyPath] else {
                continue
            }
            do {
                setStoredValue(try codec.encodeAny(value), at: index)
            } catch {
                fatalError("\(entity.name).\(property.name) cannot be stored: \(error)")
            }
        }
    }

    /// Reads a property, recording the read for observation tracking under `keyPath`,
    /// the property's key path.
    ///
    /// Inlinable, so that the model's accessor reads a plain stored value (see
    /// `DirectRead`) with code specialized for its type; any other value goes through
    /// the attribute's codec, or is a relationship.
    ///
    /// - Parameters:
    ///   - index: The property's index in its entity.
    ///   - owner: The model whose property is read.
    ///   - keyPath: The property's key path, for observation tracking.
    @_documentation(visibility: internal)
    @inlinable
    public func value<Model: PersistentModel, Value>(
        at index: Int, of owner: Model, keyPath: KeyPath<Model, Value>
    ) -> Value {
        recordAccess(of: owner, keyPath: keyPath)
        if let direct = DirectRead.value(storedValue(at: index), as: Value.self) { return direct }
        return decodedValue(at: index, of: owner)
    }

    /// The stored value of the property at `index`: an attribute's stored form, or a
    /// to-one relationship's key. Inlinable, as ``value(at:of:keyPath:)``.
    @inlinable
    func storedValue(at index: Int) -> StoredValue {
        precondition(index >= 0 && index < valueCount, "property index out of range")
        return withUnsafeMutablePointerToElements { $0[index] }
    }

    /// Replaces the stored value of the property at `index`.
    func setStoredValue(_ value: StoredValue, at index: Int) {
        precondition(index >= 0 && index < valueCount, "property index out of range")
        withUnsafeMutablePointerToElements { $0[index] = value }
    }

    /// A copy of every stored value, in property order.
    var storedValues: [StoredValue] {
        withUnsafeMutablePointers { header, elements in
            Array(UnsafeBufferPointer(start: elements, count: header.pointee.valueCount))
        }
    }

    /// Replaces every stored value with those of `values`, one per property.
    func assignStoredValues(_ values: [StoredValue]) {
        withUnsafeMutablePointers { header, elements in
            precondition(
                values.count == header.pointee.valueCount,
                "\(values.count) values for \(header.pointee.valueCount) properties")
            _ = UnsafeMutableBufferPointer(start: elements, count: values.count).update(from: values)
        }
    }

    /// Calls `body` with the stored values, to read or change several at once.
    func withStoredValues<Result>(_ body: (UnsafeMutableBufferPointer<StoredValue>) -> Result) -> Result {
        withUnsafeMutablePointers { header, elements in
            body(UnsafeMutableBufferPointer(start: elements, count: header.pointee.valueCount))
        }
    }

    /// Reads a property through its attribute's codec, or reads a relationship.
    @usableFromInline
    func decodedValue<Model: PersistentModel, Value>(at index: Int, of owner: Model) -> Value {
        if let codec = entity.attributeCodecs[index] {
            return attributeValue(at: index, codec: codec)
        }
        return relationshipValue(at: index, of: owner)
    }

    /// The attribute at `index` decoded with its codec; a value kept in a file beside
    /// the store is read from it, and a value a partial fetch left out is read from the
    /// store first. A stored value that does not decode is a damaged store, and stops the
    /// program with the property's name.
    private func attributeValue<Value>(at index: Int, codec: AttributeCodec) -> Value {
        var stored = storedValue(at: index)
        if stored.isNotRead { stored = readUnreadValue(at: index) }
        do {
            return try typed(codec, as: Value.self, at: index).decode(stored)
        } catch let reference as ExternalDataReference {
            return externalValue(at: index, codec: typed(codec, as: Value.self, at: index), reference: reference)
        } catch {
            let reason = pendingChanges?.unstorableValues[index].map {
                "it was set to a value that cannot be stored (\($0))"
            }
            fatalError(
                "\(entity.name).\(entity.properties[index].name) cannot be read from the store: \(reason ?? "\(error)")"
            )
        }
    }

    /// Reads a relationship. Kept out of ``decodedValue(at:of:)`` so that attribute reads, the
    /// common case, do not pay for the type metadata this path needs.
    @inline(never)
    private func relationshipValue<Model: PersistentModel, Value>(at index: Int, of owner: Model) -> Value {
        let entity = self.entity
        if let arrayType = entity.toManyArrayTypes[index] {
            let targets = RelationshipGraph.targets(of: owner, at: index)
            if targets.isEmpty, isUnsetToMany(at: index),
                let none = (Value.self as? any _OptionalMarker.Type)?._none as? Value
            {
                return none
            }
            guard let array = arrayType._make(fromModels: targets, as: Value.self) else {
                fatalError("\(entity.name).\(entity.properties[index].name) holds models of an unexpected type")
            }
            return array
        }
        let property = entity.properties[index]
        guard property.relationship != nil else {
            fatalError("\(entity.name).\(property.name) is neither an attribute nor a relationship")
        }
        let target = RelationshipGraph.target(of: owner, at: index)
        if let target, let typed = target as? Value {
            return typed
        }
        guard let optionalType = Value.self as? any _OptionalMarker.Type, let none = optionalType._none as? Value
        else {
            // A non-optional relationship a deletion's `.nullify` emptied: the save refuses
            // it, and until the app sets it or rolls back, it reads the model it held.
            if let kept = modelAtLastSave(at: index) as? Value { return kept }
            fatalError("\(entity.name).\(property.name) is not optional but refers to no model")
        }
        return none
    }

    /// The model the to-one relationship at `index` held at the last save, kept for
    /// rollback, if the context still has it.
    private func modelAtLastSave(at index: Int) -> (any PersistentModel)? {
        guard let snapshot = pendingChanges?.snapshot else { return nil }
        if case .toOne(let kept?) = snapshot.relationships[index] { return kept }
        guard case .integer(let key) = snapshot.values[index], let context,
            let targetType = entity.properties[index].relationship?.target,
            let targetEntity = try? context.descriptor(for: targetType)
        else { return nil }
        return context.identityMap[IdentityMap.key(targetEntity, key)]
    }

    /// Writes a property, recording the change in the model's context and announcing it
    /// to observers (see `ModelObservation`).
    ///
    /// - Parameters:
    ///   - newValue: The value to write.
    ///   - index: The property's index in its entity.
    ///   - owner: The model whose property is written.
    @_documentation(visibility: internal)
    public func setValue<Model: PersistentModel, Value>(_ newValue: Value, at index: Int, of owner: Model) {
        if let codec = entity.attributeCodecs[index] {
            guard let encoded = encode(newValue, with: codec, at: index) else {
                // No stored form: the model keeps its previous value, and `save()` says why.
                willChange(index, of: owner)
                return
            }
            guard encoded != storedValue(at: index) || state == .detached else { return }
            ModelObservation.withMutation(of: owner, at: index) {
                willChange(index, of: owner)
                setStoredValue(encoded, at: index)
            }
            return
        }
        if entity.properties[index].relationship?.isToMany == true {
            recordToManySet(newValue, at: index, of: owner)
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
        // The old value outlives the save that removes its external file (in the snapshot,
        // in an undo action): it keeps the bytes.
        if state == .persisted || state == .deleted {
            inlineExternalData(at: index)
            keepSnapshot()
        }
        changes().properties.insert(index)
        guard let context else { return }
        context.registerChange(of: owner)
        context.undoRecorder?.registerChange(at: index, of: owner)
    }

    /// Keeps the values and relationships as they are now for ``restoreSnapshot()``,
    /// unless a snapshot is already kept.
    func keepSnapshot() {
        let changes = changes()
        guard changes.snapshot == nil else { return }
        changes.snapshot = (storedValues, relationships)
    }

    /// Puts back the values and relationships of the kept snapshot, if any, and forgets it.
    func restoreSnapshot() {
        if let snapshot = pendingChanges?.snapshot {
            assignStoredValues(snapshot.values)
            relationships = snapshot.relationships
        }
        forgetSnapshot()
    }

    /// Forgets the kept snapshot: the current values are saved.
    func forgetSnapshot() {
        pendingChanges?.snapshot = nil
        pendingChanges?.storedToMany.removeAll()
        if pendingChanges?.isEmpty == true { pendingChanges = nil }
    }

    /// Keeps the primary keys of `targets`, what the to-many relationship at `index` of a
    /// stored model held as read, unless its first change kept them already.
    func keepStoredToMany(_ targets: [any PersistentModel], at index: Int) {
        guard primaryKey != nil, pendingChanges?.storedToMany[index] == nil else { return }
        changes().storedToMany[index] = targets.compactMap { $0.persistentBackingData.primaryKey }
    }

    /// The primary keys the to-many relationship at `index` held as read before its first
    /// change since the last save; nil when none was kept.
    func storedToMany(at index: Int) -> [Int64]? {
        pendingChanges?.storedToMany[index]
    }

    /// Forgets which properties changed: they are saved, or rolled back.
    func forgetChangedProperties() {
        pendingChanges?.properties.removeAll()
        pendingChanges?.unreadRelationships.removeAll()
        pendingChanges?.unstorableValues.removeAll()
        if pendingChanges?.isEmpty == true { pendingChanges = nil }
    }

    /// Records that the relationship at `index` could not be read from the store.
    func recordUnreadRelationship(at index: Int, reason: String) {
        changes().unreadRelationships[index] = reason
    }

    /// Forgets a failed read of the relationship at `index`: it was read since.
    func forgetUnreadRelationship(at index: Int) {
        guard pendingChanges?.unreadRelationships.removeValue(forKey: index) != nil else { return }
        if pendingChanges?.isEmpty == true { pendingChanges = nil }
    }

    /// The first relationship changed on top of a failed read, and the read's error.
    var changedUnreadRelationship: (index: Int, reason: String)? {
        guard let pendingChanges, !pendingChanges.unreadRelationships.isEmpty else { return nil }
        for (index, reason) in pendingChanges.unreadRelationships.sorted(by: { $0.key < $1.key })
        where pendingChanges.properties.contains(index) {
            return (index, reason)
        }
        return nil
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
        // The codec of a property is made for its declared type (checked just above).
        return unsafeDowncast(codec, to: TypedAttributeCodec<Value>.self)
    }

    /// The stored form of a value of the attribute at `index`, or nil when its codec
    /// cannot store it (a transformer that returns nil or no `Data`): the reason is kept
    /// for ``ModelContext/save()`` to report, until the attribute is set again. A NaN has a
    /// form in memory, which the model keeps (it reads back what the app set); only the
    /// save refuses it.
    private func encode<Value>(_ value: Value, with codec: AttributeCodec, at index: Int) -> StoredValue? {
        do {
            let encoded = try typed(codec, as: Value.self, at: index).encode(value)
            if let pendingChanges, !pendingChanges.unstorableValues.isEmpty {
                pendingChanges.unstorableValues[index] = nil
            }
            return encoded
        } catch AttributeEncodingError.notANumber {
            changes().unstorableValues[index] = "\(AttributeEncodingError.notANumber)"
            return .real(.nan)
        } catch {
            changes().unstorableValues[index] = "\(error)"
            return nil
        }
    }

    /// The first attribute set to a value that could not be stored, and why.
    var unstorableValue: (index: Int, reason: String)? {
        guard let unstorable = pendingChanges?.unstorableValues, !unstorable.isEmpty else { return nil }
        return unstorable.min { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    static func model<Value>(in value: Value) -> (any PersistentModel)? {
        (value as Any) as? any PersistentModel
    }

    static func models<Value>(in value: Value) -> [any PersistentModel] {
        guard let array = (value as Any) as? any _ArrayMarker else { return [] }
        return array._elementsAny.compactMap { $0 as? any PersistentModel }
    }

}
