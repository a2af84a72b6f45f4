internal import GRDB

/// One change of a recorded transaction.
public enum HistoryChange: Sendable {
    /// A model inserted.
    case insert(any HistoryInsert)
    /// A model updated.
    case update(any HistoryUpdate)
    /// A model deleted.
    case delete(any HistoryDelete)

    /// The model inserted, updated or deleted.
    public var changedPersistentIdentifier: PersistentIdentifier {
        switch self {
        case .insert(let change): change.changedPersistentIdentifier
        case .update(let change): change.changedPersistentIdentifier
        case .delete(let change): change.changedPersistentIdentifier
        }
    }

    /// The change's position in its transaction, from 0.
    public var changeIdentifier: Int64 {
        switch self {
        case .insert(let change): change.changeIdentifier
        case .update(let change): change.changeIdentifier
        case .delete(let change): change.changeIdentifier
        }
    }

    /// The identifier of the transaction the change belongs to.
    public var transactionIdentifier: Int64 {
        switch self {
        case .insert(let change): change.transactionIdentifier
        case .update(let change): change.transactionIdentifier
        case .delete(let change): change.transactionIdentifier
        }
    }
}

/// What every kind of change says: the model, and where the change is in the history.
public protocol HistoryChangeRecord: Sendable {
    /// The class of the model changed.
    associatedtype Model: PersistentModel
    /// The model inserted, updated or deleted.
    var changedPersistentIdentifier: PersistentIdentifier { get }
    /// The change's position in its transaction, from 0.
    var changeIdentifier: Int64 { get }
    /// The identifier of the transaction the change belongs to.
    var transactionIdentifier: Int64 { get }
}

/// A model inserted.
public protocol HistoryInsert<Model>: HistoryChangeRecord {}

/// A model updated, with the properties the save wrote.
public protocol HistoryUpdate<Model>: HistoryChangeRecord {
    /// The key paths of the properties the save wrote.
    var updatedAttributes: [PartialKeyPath<Model>] { get }
}

/// A model deleted, with the values of its `.preserveValueOnDeletion` attributes.
public protocol HistoryDelete<Model>: HistoryChangeRecord {
    /// The values the deleted model's `.preserveValueOnDeletion` attributes had.
    var tombstone: HistoryTombstone<Model> { get }
}

/// A model inserted, as the history records it.
public struct DefaultHistoryInsert<Model: PersistentModel>: HistoryInsert {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
}

/// A model updated, as the history records it.
public struct DefaultHistoryUpdate<Model: PersistentModel>: HistoryUpdate {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
    /// The names of the properties written; ``updatedAttributes`` gives their key paths.
    let propertyNames: [String]

    /// The key paths of the properties the save wrote, attributes and relationships.
    public var updatedAttributes: [PartialKeyPath<Model>] {
        let entity = EntityDescriptor.known(Model.self)
        return propertyNames.compactMap { name in
            entity.propertyIndexByName[name].flatMap { entity.properties[$0].keyPath as? PartialKeyPath<Model> }
        }
    }
}

/// A model deleted, as the history records it.
public struct DefaultHistoryDelete<Model: PersistentModel>: HistoryDelete {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
    public let tombstone: HistoryTombstone<Model>
}

/// The values a deleted model's `@Attribute(.preserveValueOnDeletion)` attributes had
/// when it was deleted.
public struct HistoryTombstone<Model: PersistentModel>: Sendable {
    /// The stored form of each preserved attribute, by property name.
    let storedValues: [String: StoredValue]

    /// The value the attribute had; nil when it is not preserved (or was nil).
    ///
    /// - Parameter keyPath: The attribute's key path.
    public subscript<Value>(keyPath: KeyPath<Model, Value>) -> Value? {
        let entity = EntityDescriptor.known(Model.self)
        guard let index = entity.propertyIndexByKeyPath[keyPath],
            let codec = entity.attributeCodecs[index],
            let stored = storedValues[entity.properties[index].name]
        else { return nil }
        return (try? codec.decodeAny(stored)) as? Value
    }

    /// The names of the preserved attributes.
    public var preservedPropertyNames: [String] { storedValues.keys.sorted() }
}
