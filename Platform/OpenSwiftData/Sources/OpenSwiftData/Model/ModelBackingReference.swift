/// A model's hold on its ``ModelBackingData``: the stored property `@Model` gives every
/// model class (`_$backingData`). Implementation detail of `@Model`.
///
/// Noncopyable, so that its `deinit` runs exactly once, when the model that holds it
/// ends: the model's entry in its context's identity map goes then, even if something
/// else still holds the backing data (see `PrimaryKeyTable`).
///
/// A new model gets its backing data on first use, built from its entity's values for a
/// new model (`EntityDescriptor.newModelValues`). A property's init accessor that
/// receives such a value while the model has no backing data yet stores nothing
/// (`isNewModelValue`): so a fetched model, whose initializer `init(backingData:)` also
/// applies the class's initial values before its body hands it the row's backing data,
/// builds no backing data of its own for them. Only an initial value that differs from
/// a new model's (`Date.now`, `UUID()`) makes one, which `init(backingData:)` then
/// replaces.
@_documentation(visibility: internal)
public struct ModelBackingReference: ~Copyable {
    /// The model's backing data, nil until a new model first needs it.
    ///
    /// `@Model`'s accessors reach it only by single loads and stores, and make every call
    /// (``newBacking(for:)``, ``replaced(_:with:)``, ``handOver(from:to:properties:)``)
    /// outside those accesses. No access to the model's `_$backingData` then spans code
    /// that could reach it again, which the optimizer proves over the module: it drops the
    /// run-time exclusivity check that a class's stored property otherwise costs at every
    /// property read (about 120 instructions; see BENCHMARKS.md).
    public var backing: ModelBackingData?

    /// A reference without backing data, as a model starts.
    public init() {
        backing = nil
    }

    deinit {
        backing?.modelDidEnd()
    }

    /// Backing data for a new model of `type`, which its accessor then stores in
    /// ``backing``. A model of a `@Model` subclass has one reference per class of its
    /// hierarchy, each of which may have made backing data of its own while the model's
    /// initializers ran: the one its root class makes then gathers the others' values
    /// (``handOver(from:to:properties:)``).
    ///
    /// - Parameter type: The model's class.
    public static func newBacking<Model: PersistentModel>(for type: Model.Type) -> ModelBackingData {
        let created = ModelBackingData.make(for: type)
        if created.entity.superentity != nil { created.needsInheritedValues = true }
        return created
    }

    /// Called as ``backing`` changes from `previous` to `newValue` (the row's backing
    /// data, in `init(backingData:)`): backing data the model no longer uses leaves the
    /// identity map. Inlinable, so that a fetched model, which had none, makes no call.
    ///
    /// - Parameters:
    ///   - previous: The backing data ``backing`` held, if any.
    ///   - newValue: The backing data it holds now.
    @inlinable
    public static func replaced(_ previous: ModelBackingData?, with newValue: ModelBackingData) {
        guard let previous, previous !== newValue else { return }
        previous.modelDidEnd()
    }

    /// Hands the values one class of a model's hierarchy stored for its `properties`
    /// (indices) in backing data of its own, `own`, if it made any, to the backing data
    /// the model keeps, `kept`. Implementation detail of `@Model`.
    ///
    /// - Parameters:
    ///   - own: The backing data this class made, if any.
    ///   - kept: The backing data the model keeps.
    ///   - properties: The indices of the class's properties.
    public static func handOver(from own: ModelBackingData?, to kept: ModelBackingData, properties: Range<Int>) {
        if let own, own !== kept {
            kept.copyInitialValues(from: own, properties: properties)
        }
    }

    /// Stores a property's value from the model's initializer: the property's initial
    /// value, or the initializer's assignment. `isNewModelValue` says whether `value` is
    /// the one a new model's backing data starts with for the property, as `@Model`
    /// found from the declaration; then a model without backing data needs none for it.
    /// Called from the property's init accessor, where the reference is an `inout`
    /// argument rather than the model's stored property.
    ///
    /// Inlinable, so that the usual case of a fetched model, whose `init(backingData:)`
    /// runs the init accessor of every property with an initial value (an optional's
    /// implicit `nil` included) before it has backing data, returns at once, without a
    /// call or the value type's metadata.
    ///
    /// - Parameters:
    ///   - value: The value to store.
    ///   - index: The property's index in its entity.
    ///   - type: The model's class.
    ///   - isNewModelValue: Whether `value` is the one a new model starts with.
    @inlinable
    public mutating func initializeValue<Model: PersistentModel, Value>(
        _ value: Value, at index: Int, for type: Model.Type, isNewModelValue: Bool
    ) {
        if backing == nil, isNewModelValue { return }
        storeInitialValue(value, at: index, for: type)
    }

    /// ``initializeValue(_:at:for:isNewModelValue:)`` when the value is stored: in the
    /// model's backing data, made now if it has none yet.
    @usableFromInline
    mutating func storeInitialValue<Model: PersistentModel, Value>(_ value: Value, at index: Int, for type: Model.Type)
    {
        if let backing {
            backing.initializeValue(value, at: index)
        } else {
            let created = Self.newBacking(for: type)
            backing = created
            created.initializeValue(value, at: index)
        }
    }
}

/// Whether a property's initial value is `nil`: what a new model starts with for an
/// optional property. `@Model` passes it as `isNewModelValue` for properties without
/// an initial value, whose implicit one is `nil` when they are optional. A non-optional
/// value is promoted to a non-nil optional. Implementation detail of `@Model`.
///
/// - Parameter value: The initial value.
@_documentation(visibility: internal)
@inlinable
public func _isNil<Value>(_ value: Value?) -> Bool {
    value == nil
}

/// Whether a property's initial value equals the literal its declaration gives
/// (`var pinned = false`), which is what a new model starts with. `@Model` passes it as
/// `isNewModelValue`. Implementation detail of `@Model`.
///
/// - Parameters:
///   - value: The initial value.
///   - defaultValue: The literal of the declaration.
@_documentation(visibility: internal)
@inlinable
public func _isDefaultValue<Value: Equatable>(_ value: Value, _ defaultValue: Value) -> Bool {
    value == defaultValue
}

/// ``_isDefaultValue(_:_:)`` for a type that is not `Equatable`: never known equal, so
/// the value is always stored.
///
/// - Parameters:
///   - value: Not used.
///   - defaultValue: Not used.
@_documentation(visibility: internal)
@inlinable
public func _isDefaultValue<Value>(_ value: Value, _ defaultValue: Value) -> Bool {
    false
}

/// Whether a property's initial value is an empty collection, as its declaration's
/// `[]` or `[:]`: what a new model starts with (no targets, or the empty value the
/// schema's default stores). Implementation detail of `@Model`.
///
/// - Parameter value: The initial value.
@_documentation(visibility: internal)
@inlinable
public func _isEmptyCollection<Value: Collection>(_ value: Value) -> Bool {
    value.isEmpty
}

/// ``_isEmptyCollection(_:)`` for an optional collection: `.some([])`.
///
/// - Parameter value: The initial value.
@_documentation(visibility: internal)
@inlinable
public func _isEmptyCollection<Value: Collection>(_ value: Value?) -> Bool {
    value?.isEmpty == true
}
