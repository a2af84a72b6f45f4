/// A model's hold on its ``ModelBackingData``: the stored property `@Model` gives every
/// model class (`_$backingData`). Implementation detail of `@Model`.
///
/// Noncopyable, so that its `deinit` runs exactly once, when the model that holds it
/// ends: the model's entry in its context's identity map goes then, even if something
/// else still holds the backing data (see ``PrimaryKeyTable``).
///
/// A new model gets its backing data on first use, built from its entity's values for a
/// new model (``EntityDescriptor/newModelValues``). A property's init accessor that
/// receives such a value while the model has no backing data yet stores nothing
/// (`isNewModelValue`): so a fetched model, whose initializer `init(backingData:)` also
/// applies the class's initial values before its body hands it the row's backing data,
/// builds no backing data of its own for them. Only an initial value that differs from
/// a new model's (`Date.now`, `UUID()`) makes one, which `init(backingData:)` then
/// replaces.
public struct ModelBackingReference: ~Copyable {
    @usableFromInline var backing: ModelBackingData?

    public init() {
        backing = nil
    }

    deinit {
        backing?.modelDidEnd()
    }

    /// The backing data, created for a new model of `type` on first use. Inlinable, so
    /// that the usual case, a model that has its backing data, costs its accessors no
    /// call.
    @inlinable
    public mutating func resolve<Model: PersistentModel>(for type: Model.Type) -> ModelBackingData {
        if let backing { return backing }
        return resolveMissing(for: type)
    }

    /// ``resolve(for:)`` for a model that has no backing data yet: a new model. A model of
    /// a `@Model` subclass has one reference per class of its hierarchy, each of which may
    /// have made backing data of its own while the model's initializers ran: the one its
    /// root class resolves then gathers the others' values (``handOver(to:properties:)``).
    @usableFromInline
    mutating func resolveMissing<Model: PersistentModel>(for type: Model.Type) -> ModelBackingData {
        let created = ModelBackingData.make(for: type)
        if created.entity.superentity != nil { created.needsInheritedValues = true }
        backing = created
        return created
    }

    /// Hands the values this class of a model's hierarchy stored for its `properties`
    /// (indices), if it made backing data of its own, to the backing data the model keeps,
    /// and refers to that from now on. Implementation detail of `@Model`.
    public mutating func handOver(to kept: ModelBackingData, properties: Range<Int>) {
        if let own = backing, own !== kept {
            kept.copyInitialValues(from: own, properties: properties)
        }
        backing = kept
    }

    /// Gives the model other backing data: its row's, in `init(backingData:)`.
    public mutating func replace(with newValue: ModelBackingData) {
        guard backing !== newValue else { return }
        backing?.modelDidEnd()
        backing = newValue
    }

    /// Stores a property's value from the model's initializer: the property's initial
    /// value, or the initializer's assignment. `isNewModelValue` says whether `value` is
    /// the one a new model's backing data starts with for the property, as `@Model`
    /// found from the declaration; then a model without backing data needs none for it.
    public mutating func initializeValue<Model: PersistentModel, Value>(
        _ value: Value, at index: Int, for type: Model.Type, isNewModelValue: Bool
    ) {
        if backing == nil, isNewModelValue { return }
        resolve(for: type).initializeValue(value, at: index)
    }
}

/// Whether a property's initial value is `nil`: what a new model starts with for an
/// optional property. `@Model` passes it as `isNewModelValue` for properties without
/// an initial value, whose implicit one is `nil` when they are optional. A non-optional
/// value is promoted to a non-nil optional. Implementation detail of `@Model`.
@inlinable
public func _isNil<Value>(_ value: Value?) -> Bool {
    value == nil
}

/// Whether a property's initial value equals the literal its declaration gives
/// (`var pinned = false`), which is what a new model starts with. `@Model` passes it as
/// `isNewModelValue`. Implementation detail of `@Model`.
@inlinable
public func _isDefaultValue<Value: Equatable>(_ value: Value, _ defaultValue: Value) -> Bool {
    value == defaultValue
}

/// ``_isDefaultValue(_:_:)`` for a type that is not `Equatable`: never known equal, so
/// the value is always stored.
@inlinable
public func _isDefaultValue<Value>(_ value: Value, _ defaultValue: Value) -> Bool {
    false
}

/// Whether a property's initial value is an empty collection, as its declaration's
/// `[]` or `[:]`: what a new model starts with (no targets, or the empty value the
/// schema's default stores). Implementation detail of `@Model`.
@inlinable
public func _isEmptyCollection<Value: Collection>(_ value: Value) -> Bool {
    value.isEmpty
}

/// ``_isEmptyCollection(_:)`` for an optional collection: `.some([])`.
@inlinable
public func _isEmptyCollection<Value: Collection>(_ value: Value?) -> Bool {
    value?.isEmpty == true
}
