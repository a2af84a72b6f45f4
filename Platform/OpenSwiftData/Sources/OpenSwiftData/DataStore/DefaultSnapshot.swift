/// The snapshot OpenSwiftData makes of a model for a custom store, and reads models
/// from, as SwiftData's `DefaultSnapshot`: the model's identifier, and each persisted
/// property's value by name (an attribute's stored form, a to-one relationship's target
/// identifier, a to-many relationship's target identifiers).
///
/// It is `Codable`: a store may write snapshots as they are (`[DefaultSnapshot]` as JSON)
/// and read them back.
public struct DefaultSnapshot: DataStoreSnapshot, Equatable {
    public let persistentIdentifier: PersistentIdentifier
    /// Each property's value, by property name.
    package let values: [String: SnapshotValue]

    package init(persistentIdentifier: PersistentIdentifier, values: [String: SnapshotValue]) {
        self.persistentIdentifier = persistentIdentifier
        self.values = values
    }

    /// The same snapshot under another identifier, its relationships' identifiers replaced by
    /// those `remappedIdentifiers` maps them to.
    ///
    /// - Parameters:
    ///   - persistentIdentifier: The identifier of the copy.
    ///   - remappedIdentifiers: New identifiers by old; nil or empty to keep the relationships
    ///     as they are.
    public func copy(
        persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?
    ) -> DefaultSnapshot {
        guard let remappedIdentifiers, !remappedIdentifiers.isEmpty else {
            return DefaultSnapshot(persistentIdentifier: persistentIdentifier, values: values)
        }
        return DefaultSnapshot(
            persistentIdentifier: persistentIdentifier,
            values: values.mapValues { $0.remapped(remappedIdentifiers) })
    }

    /// Whether a relationship of the snapshot refers to one of `identifiers`.
    package func refers(toAnyOf identifiers: [PersistentIdentifier: PersistentIdentifier]) -> Bool {
        values.values.contains { value in
            switch value {
            case .toOne(let target?): identifiers[target] != nil
            case .toMany(let targets): targets.contains { identifiers[$0] != nil }
            default: false
            }
        }
    }

    /// The snapshot with its relationships' references to `identifiers` taken out: a to-one
    /// that names one names none, a to-many leaves them out.
    func removingReferences(to identifiers: Set<PersistentIdentifier>) -> DefaultSnapshot {
        DefaultSnapshot(
            persistentIdentifier: persistentIdentifier,
            values: values.mapValues { value in
                switch value {
                case .toOne(let target?) where identifiers.contains(target): .toOne(nil)
                case .toMany(let targets): .toMany(targets.filter { !identifiers.contains($0) })
                default: value
                }
            })
    }

    /// The names of the relationships of the snapshot that refer to one of `identifiers`.
    func relationships(referringToAnyOf identifiers: [PersistentIdentifier: PersistentIdentifier]) -> Set<String> {
        Set(
            values.compactMap { name, value in
                switch value {
                case .toOne(let target?): identifiers[target] != nil ? name : nil
                case .toMany(let targets): targets.contains { identifiers[$0] != nil } ? name : nil
                default: nil
                }
            })
    }

    private enum CodingKeys: String, CodingKey {
        case persistentIdentifier
        case values
    }
}
