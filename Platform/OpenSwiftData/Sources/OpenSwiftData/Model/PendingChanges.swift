/// What a model changed since its last save: which properties, and its values and
/// relationships as they were before, for `rollback()`.
///
/// Held by ``ModelBackingData`` from a model's first change on, and nil before: most
/// fetched models never change, and every fetched row allocates a backing data, which
/// is half the size without these fields.
final class PendingChanges {
    /// Indices of the properties changed since the last save.
    var properties = Set<Int>()
    /// Values and relationships as of the last save, kept from the first change on.
    var snapshot: (values: [StoredValue], relationships: [RelationshipSlot])?
    /// Relationships whose last read from the store failed, by property index, with the
    /// reason: changing one of them cannot be saved (``ModelContext/save()``).
    var unreadRelationships: [Int: String] = [:]
    /// Attributes set to a value their codec could not store (a transformer that returned
    /// nil, …), by property index, with the reason: the model keeps its previous value,
    /// and ``ModelContext/save()`` fails until the attribute is set again.
    var unstorableValues: [Int: String] = [:]
    /// The primary keys a stored model's to-many relationships held as the context read
    /// them, by property index, kept from each one's first change until the save: the
    /// save writes what the model added and removed since, not the whole list, so that
    /// another context's links saved meanwhile stay.
    var storedToMany: [Int: [Int64]] = [:]

    var isEmpty: Bool {
        properties.isEmpty && snapshot == nil && unreadRelationships.isEmpty && unstorableValues.isEmpty
            && storedToMany.isEmpty
    }
}

/// The parts of a model's identifier that its primary key and its context do not give:
/// the temporary identifier of a model not saved yet, and the store of the context a
/// model left. Held by ``ModelBackingData`` only for models that need one.
final class IdentifierMemo {
    /// The identifier of a model without a primary key: a temporary one, or the one
    /// its deleted row had.
    var identifierWithoutKey: PersistentIdentifier?
    var storeIdentifierAfterContext: String?
    /// The identifier of a model of a custom store (``DataStore``), whose primary key is
    /// only its key in the container (``DataStoreKeys``).
    var dataStoreIdentifier: PersistentIdentifier?
    /// Whether the model left its context by a delete (saved, or of a model never saved):
    /// a deleted model inserted again lets go of it rather than bring it back.
    var leftByDelete = false
}
