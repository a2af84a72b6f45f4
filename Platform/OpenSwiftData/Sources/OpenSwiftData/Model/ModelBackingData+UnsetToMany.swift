/// An optional to-many relationship of a model that was never saved reads `nil` until it
/// holds models or is set to an array, as in SwiftData, whose new models keep what their
/// initializer and the app set, inserted in a context or not: a model built with `genres: nil`,
/// or whose initializer leaves `segments` unset, reads `nil`; one whose `genres` held models
/// and is then set to `nil` reads `[]` (the models were taken out of it). Once saved, the
/// relationship is the store's list of models, which reads `[]` when it holds none. (Sources:
/// public apps' tests that pass on Apple platforms: the origin app's mapper tests,
/// `MovieMapperDomainToEntityTests` "maps nil relationships from domain to entity" and
/// `MovieMapperUpdateEntityTests` "updates entity with nil genres"; Votra's model tests,
/// `TranslationSessionTests` "Default initializer leaves relationships nil" and
/// `SpeakerTests` "sessions relationship is initially nil", which read `nil` after
/// `context.insert`.)
///
/// Kept in the relationship's stored value, which a to-many relationship does not use
/// otherwise (its models are in the relationship slot, and no column holds them):
/// ``StoredValue/integer(_:)`` 1 marks an array, ``StoredValue/null`` `nil`.
extension ModelBackingData {
    private static let arrayMarker = StoredValue.integer(1)

    /// The stored value a new model starts with in a to-many relationship: whether it reads
    /// `nil` (an optional one declared without an initial array) or an array.
    static func newToManyValue(readsNil: Bool) -> StoredValue { readsNil ? .null : arrayMarker }

    /// Whether a model never saved reads `nil` in the to-many relationship at `index`, which
    /// holds no model.
    func isUnsetToMany(at index: Int) -> Bool {
        // The key first: a saved model, the common reader, has one, and answers at once.
        primaryKey == nil && storedValue(at: index) != Self.arrayMarker
    }

    /// Records, before the to-many relationship at `index` of `owner` is set to
    /// `newValue`, whether it then reads `nil`: only a model never saved remembers it, and
    /// only when it is set to `nil` while it holds no model.
    func recordToManySet<Value>(_ newValue: Value, at index: Int, of owner: some PersistentModel) {
        guard primaryKey == nil else { return }
        let isNil = (newValue as? any _OptionalMarker).map { $0._wrappedAny == nil } ?? false
        let readsNil = isNil && RelationshipGraph.targets(of: owner, at: index).isEmpty
        setStoredValue(readsNil ? .null : Self.arrayMarker, at: index)
    }

    /// Records the initial value of the to-many relationship at `index`: `nil` reads `nil`
    /// until the model is inserted.
    func recordInitialToMany<Value>(_ value: Value, at index: Int) {
        let isNil = (value as? any _OptionalMarker).map { $0._wrappedAny == nil } ?? false
        setStoredValue(isNil ? .null : Self.arrayMarker, at: index)
    }

}
