import Foundation
import OpenSwiftData

/// How the records of one entity are read from models and written to them: a
/// ``FieldCodec`` per stored attribute, a ``LinkCodec`` per relationship synced as a
/// field, and the entity's domain key.
struct EntityCodec {
    let entityName: String
    /// The entity this one's `@Model` class inherits from, if any.
    let superentityName: String?
    let modelType: any PersistentModel.Type
    let fields: [FieldCodec]
    /// The relationships that are fields of the records (one side of each inverse pair).
    let links: [LinkCodec]
    /// The relationships derived from a field of their targets' records (the other side).
    let derivedLinks: [LinkCodec]
    /// The names of the attributes that identify a record on every machine; empty for
    /// none.
    let domainKey: [String]
    /// Each field's name, by the attribute's key path.
    let fieldNamesByKeyPath: [AnyKeyPath: String]

    /// The codecs of every entity of a store.
    static func all(for store: SyncedStore) throws(SyncError) -> [String: EntityCodec] {
        var codecs: [String: EntityCodec] = [:]
        for entity in store.container.schema.entities {
            guard let type = store.container.schema.modelType(ofEntityNamed: entity.name) else { continue }
            codecs[entity.name] = try make(entity, type, domainKey: store.domainKeys[entity.name] ?? [], store: store)
        }
        return codecs
    }

    private static func make<Model: PersistentModel>(
        _ entity: Schema.Entity, _: Model.Type, domainKey: [String], store: SyncedStore
    ) throws(SyncError) -> EntityCodec {
        let metadata = Dictionary(Model.schemaMetadata.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var fields: [FieldCodec] = []
        var names: [AnyKeyPath: String] = [:]
        for attribute in entity.attributes {
            guard let property = metadata[attribute.name], let codec = FieldCodec.make(property, of: Model.self) else {
                throw .storeNotSyncable(
                    store: store.name,
                    reason: "\(entity.name).\(attribute.name) cannot be synced (a let, or a value that is not Codable)")
            }
            fields.append(codec)
            names[property.keypath] = attribute.name
        }
        var links: [LinkCodec] = []
        var derivedLinks: [LinkCodec] = []
        for relationship in entity.relationships {
            let inverse = relationship.inverseName.flatMap { inverseName in
                store.container.schema.entity(named: relationship.destination)?.relationships.first {
                    $0.name == inverseName
                }
            }
            guard let property = metadata[relationship.name],
                let codec = LinkCodec.make(relationship, property, of: Model.self)
            else {
                throw .storeNotSyncable(
                    store: store.name, reason: "\(entity.name).\(relationship.name) cannot be synced (a let)")
            }
            if LinkCodec.isField(relationship, inverse: inverse, entity: entity.name) {
                links.append(codec)
                names[property.keypath] = relationship.name
            } else {
                derivedLinks.append(codec)
            }
        }
        return EntityCodec(
            entityName: entity.name, superentityName: entity.superentityName, modelType: Model.self, fields: fields,
            links: links, derivedLinks: derivedLinks,
            domainKey: domainKey, fieldNamesByKeyPath: names)
    }

    /// The names of the fields an update wrote (the relationships that are not fields
    /// left out: the other side's update carries the change).
    func fieldNames(of update: any HistoryUpdate) -> [String] {
        func keyPaths<Update: HistoryUpdate>(_ update: Update) -> [AnyKeyPath] {
            update.updatedAttributes.map { $0 as AnyKeyPath }
        }
        return keyPaths(update).compactMap { fieldNamesByKeyPath[$0] }
    }

    /// Every field of a model, as JSON text by name.
    func fields(of model: any PersistentModel) throws -> [String: String] {
        var values: [String: String] = [:]
        for field in fields { values[field.name] = try field.text(model) }
        return values
    }

    /// Every relationship field of a model, as JSON text by name: its targets' record
    /// names, as `recordName` gives them (a target without one is left out).
    func linkFields(of model: any PersistentModel, recordName: (PersistentIdentifier) throws -> String?) throws
        -> [String: String]
    {
        var values: [String: String] = [:]
        for link in links {
            values[link.name] = link.text(
                names: try link.read(model).compactMap { try recordName($0.persistentModelID) })
        }
        return values
    }

    /// Received fields, read: what ``apply(to:isNew:except:)`` writes into a model.
    struct ReceivedFields {
        fileprivate let writes: [(name: String, write: FieldWrite)]
        fileprivate let defaults: [FieldCodec]

        /// Writes the fields into a model, except those named in `kept`. A field the record
        /// does not carry takes its default: a live record lacks a field only when a release
        /// without it wrote the record whole (its first write, or one over a tombstone),
        /// which the server's record now is, whatever this store held before.
        func apply(to model: any PersistentModel, isNew: Bool, except kept: Set<String> = []) throws {
            for (name, write) in writes where !kept.contains(name) { try write(model, isNew) }
            for field in defaults where !kept.contains(field.name) { try field.writeDefault(model, isNew) }
        }
    }

    /// Reads received fields with their attributes' types; a field this release does not
    /// know is ignored (and kept on the server).
    ///
    /// - Throws: The error of the first field whose text is not a value of its
    ///   attribute's type (a value of a newer release, a malformed text); no model is
    ///   changed then.
    func read(_ values: [String: String]) throws -> ReceivedFields {
        var writes: [(name: String, write: FieldWrite)] = []
        var defaults: [FieldCodec] = []
        for field in fields {
            if let text = values[field.name] {
                writes.append((field.name, try field.read(text)))
            } else {
                defaults.append(field)
            }
        }
        return ReceivedFields(writes: writes, defaults: defaults)
    }

    /// The record name a model's domain key gives it; nil without a domain key or when
    /// a key value is nil.
    func derivedRecordName(fields values: [String: String]) -> UUID? {
        guard !domainKey.isEmpty else { return nil }
        var keyValues: [String] = []
        for property in domainKey {
            guard let text = values[property], text != "null" else { return nil }
            keyValues.append(text)
        }
        return RecordName.derived(entity: entityName, keyValues: keyValues)
    }
}
