import Foundation

extension HistoryChange {
    /// What a recorded change did, as a store's history keeps it.
    package enum Kind: Int, Sendable {
        case insert = 0
        case update = 1
        case delete = 2
    }

    /// A change as a store's history records it, typed with its model's class, as
    /// SwiftData's `Default…` changes are.
    ///
    /// - Parameters:
    ///   - kind: Insert, update or delete.
    ///   - modelType: The class of the model changed.
    ///   - identifier: The model changed.
    ///   - changeIdentifier: The change's position in its transaction, from 0.
    ///   - transactionIdentifier: The transaction's identifier.
    ///   - properties: An update's written properties, by name.
    ///   - preserved: A delete's `.preserveValueOnDeletion` values, by property name.
    package static func recorded(
        _ kind: Kind, of modelType: any PersistentModel.Type, identifier: PersistentIdentifier,
        changeIdentifier: Int64, transactionIdentifier: Int64, properties: [String], preserved: [String: StoredValue]
    ) -> HistoryChange {
        func typed<Model: PersistentModel>(_: Model.Type) -> HistoryChange {
            switch kind {
            case .insert:
                .insert(
                    DefaultHistoryInsert<Model>(
                        changedPersistentIdentifier: identifier, changeIdentifier: changeIdentifier,
                        transactionIdentifier: transactionIdentifier))
            case .update:
                .update(
                    DefaultHistoryUpdate<Model>(
                        changedPersistentIdentifier: identifier, changeIdentifier: changeIdentifier,
                        transactionIdentifier: transactionIdentifier, propertyNames: properties))
            case .delete:
                .delete(
                    DefaultHistoryDelete<Model>(
                        changedPersistentIdentifier: identifier, changeIdentifier: changeIdentifier,
                        transactionIdentifier: transactionIdentifier,
                        tombstone: HistoryTombstone(storedValues: preserved)))
            }
        }
        return typed(modelType)
    }
}

extension Schema {
    /// The class of an entity's models; nil for an entity the schema lacks.
    package func modelType(ofEntity name: String) -> (any PersistentModel.Type)? {
        descriptorsByName[name]?.modelType
    }

    /// The properties an entity's table keeps a column of (attributes and to-one
    /// relationships), in declaration order: what an upsert writes, as history records it.
    package func columnPropertyNames(ofEntity name: String) -> [String] {
        guard let entity = descriptorsByName[name] else { return [] }
        return entity.columnPropertyIndices.map { entity.properties[$0].name }
    }

    /// `names` in the entity's declaration order, as history lists an update's properties.
    package func inDeclarationOrder(_ names: Set<String>, ofEntity name: String) -> [String] {
        guard let entity = descriptorsByName[name] else { return names.sorted() }
        return entity.properties.map(\.name).filter(names.contains)
    }

    /// The entity's `.preserveValueOnDeletion` attributes, whose values a deletion's
    /// tombstone keeps.
    package func preservedAttributeNames(ofEntity name: String) -> [String] {
        guard let entity = descriptorsByName[name] else { return [] }
        return StoreHistory.preservedProperties(of: entity).map(\.name)
    }
}
