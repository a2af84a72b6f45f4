/// An optional to-many relationship set to `nil` on a model that was never inserted reads
/// `nil` again, as in SwiftData, whose models keep what their initializer and the app set
/// until they are inserted. Once inserted, the relationship is the store's list of models,
/// which reads `[]` when it holds none.
///
/// Kept in the relationship's stored value, which a to-many relationship does not use
/// otherwise (its models are in the relationship slot, and no column holds them):
/// ``StoredValue/integer(_:)`` 0 marks `nil`, ``StoredValue/null`` an array.
extension ModelBackingData {
    private static let unsetMarker = StoredValue.integer(0)

    /// Whether a new model outside any context holds `nil` in the to-many relationship at
    /// `index`.
    func isUnsetToMany(at index: Int) -> Bool {
        // The key first: a fetched model, the common reader, has one, and answers at once.
        primaryKey == nil && storedValue(at: index) == Self.unsetMarker && isNewOutsideContext
    }

    /// Records whether the to-many relationship at `index` was just set to `nil`; only a
    /// new model outside any context remembers it.
    func recordToManySet<Value>(_ newValue: Value, at index: Int) {
        guard isNewOutsideContext else { return }
        let isNil = (newValue as? any _OptionalMarker).map { $0._wrappedAny == nil } ?? false
        setStoredValue(isNil ? Self.unsetMarker : .null, at: index)
    }

    /// Forgets every `nil` set on a to-many relationship: the model is being inserted.
    func forgetUnsetToManyRelationships() {
        guard entity.hasToManyRelationships else { return }
        for index in entity.toManyArrayTypes.indices where entity.toManyArrayTypes[index] != nil {
            setStoredValue(.null, at: index)
        }
    }

    /// A model with no context and no row: not inserted yet, or rolled back before its
    /// first save.
    private var isNewOutsideContext: Bool { context == nil && primaryKey == nil && state == .detached }
}
