extension PersistentModel {
    /// A new model whose persisted properties are all unset, made without calling one of
    /// the model's own initializers: for code that fills models generically from values
    /// it received (a sync engine). As SwiftData's `init(backingData:)` with
    /// `createBackingData()`.
    ///
    /// Fill it with ``setInitialValue(_:for:)``, which writes a property without reading
    /// it first (a property's setter reads the current value, which an unset property
    /// that is not optional does not have), before reading or saving it.
    package static func makeWithUnsetProperties() -> Self {
        Self(backingData: ModelBackingData.make(for: Self.self))
    }

    /// Sets a property of a new model as its initializer would: without reading the
    /// current value and without announcing a change to observers.
    ///
    /// - Parameters:
    ///   - value: The property's value.
    ///   - keyPath: The key path of a persisted property; another stops the program.
    package func setInitialValue<Value>(_ value: Value, for keyPath: ReferenceWritableKeyPath<Self, Value>) {
        let backing = persistentBackingData
        guard let index = backing.entity.propertyIndexByKeyPath[keyPath] else {
            preconditionFailure("\(backing.entity.name) has no persisted property at \(keyPath)")
        }
        backing.initializeValue(value, at: index)
    }
}
