import Foundation
import OpenSwiftData

/// Sets the relationships a pull received, once every record of the pull is applied (a
/// parent later in the same pull is there), and keeps what cannot be linked yet as
/// ``PendingLinks``: a target this store does not hold is linked by the pull that
/// brings it.
///
/// A field names its targets whether they exist or not: a target deleted is not linked,
/// and one that comes back (a later edit on a machine that had not seen its deletion)
/// is linked again, on every machine alike.
struct IncomingLinks {
    let context: ModelContext
    let metadata: SyncMetadata
    let codecs: [String: EntityCodec]
    /// Models named by this pull, not saved yet, by record name.
    let named: [String: any PersistentModel]
    /// The records this pull received as tombstones.
    let tombstoned: Set<String>
    /// Whether this machine changed a relationship field of a model since its last push:
    /// that change wins, and is pushed.
    let locallyChanged: (PersistentIdentifier, String) -> Bool
    var pending: PendingLinks
    private var found: [String: (any PersistentModel)?] = [:]
    /// For each link without inverse (by source entity and field), the models holding each
    /// target, by the target's identifier: read once, at the first tombstone that needs it.
    private var holders: [String: [PersistentIdentifier: [any PersistentModel]]] = [:]
    /// The names of ``named``, by model.
    private let namesOfNamed: [ObjectIdentifier: String]

    init(
        context: ModelContext, metadata: SyncMetadata, codecs: [String: EntityCodec],
        named: [String: any PersistentModel], tombstoned: Set<String>, pending: PendingLinks,
        locallyChanged: @escaping (PersistentIdentifier, String) -> Bool
    ) {
        self.context = context
        self.metadata = metadata
        self.codecs = codecs
        self.named = named
        namesOfNamed = Dictionary(
            named.map { (ObjectIdentifier($0.value), $0.key) }, uniquingKeysWith: { first, _ in first })
        self.tombstoned = tombstoned
        self.pending = pending
        self.locallyChanged = locallyChanged
    }

    /// Reads the targets these fields name, a query per target entity rather than one per
    /// target.
    mutating func prefetchTargets(of received: [(codec: EntityCodec, fields: [String: String])]) throws {
        var wanted: [String: Set<String>] = [:]
        for (codec, fields) in received {
            for link in codec.links {
                guard let text = fields[link.name] else { continue }
                wanted[link.targetEntity, default: []].formUnion(try link.names(in: text))
            }
        }
        for (entity, names) in wanted.sorted(by: { $0.key < $1.key }) {
            guard let codec = codecs[entity] else { continue }
            let identifiers = try metadata.recordNames(ofEntity: entity).filter { names.contains($0.value) }
            let models = try ModelLookup.models(codec.modelType, Array(identifiers.keys), in: context)
            for (identifier, name) in identifiers {
                guard let model = models[identifier], !model.isDeleted else { continue }
                found[name] = model
            }
        }
    }

    /// Sets the relationship fields a record carries (those of `codec.links` among
    /// `fields`) on its model.
    mutating func apply(
        _ fields: [String: String], of record: String, codec: EntityCodec, to model: any PersistentModel
    ) throws {
        for link in codec.links {
            guard let text = fields[link.name] else { continue }
            try set(link, text, of: record, entity: codec.entityName, on: model)
        }
    }

    /// Tries the links left pending by earlier pulls again, but for the records this
    /// pull set (`applied`); drops those whose record is gone, or whose field was
    /// changed here since the last push.
    mutating func retryPending(applied: Set<PendingLinks.Key>) throws {
        for (key, link) in pending.links.sorted(by: { $0.key < $1.key }) where !applied.contains(key) {
            guard !tombstoned.contains(key.record), let codec = codecs[link.entity],
                let linkCodec = codec.links.first(where: { $0.name == key.field }),
                let model = try model(named: key.record, entity: link.entity),
                !model.isDeleted, !locallyChanged(model.persistentModelID, key.field)
            else {
                pending.links[key] = nil
                continue
            }
            try set(linkCodec, link.value, of: key.record, entity: link.entity, on: model)
        }
    }

    /// Links the targets of `text` present here; notes the field as pending while some
    /// are missing.
    private mutating func set(
        _ link: LinkCodec, _ text: String, of record: String, entity: String, on model: any PersistentModel
    ) throws {
        let names = try link.names(in: text)
        var targets: [any PersistentModel] = []
        var missing = false
        for name in names {
            if let target = try self.model(named: name, entity: nil) {
                targets.append(target)
            } else {
                missing = true
            }
        }
        let current = try link.read(model)
        // Written only when it differs: an unchanged relationship stays out of the history.
        if Set(current.map { ObjectIdentifier($0) }) != Set(targets.map { ObjectIdentifier($0) }) {
            try link.write(model, targets)
        }
        let key = PendingLinks.Key(record: record, field: link.name)
        pending.links[key] = missing ? PendingLinks.Link(entity: entity, value: link.text(names: names)) : nil
    }

    /// Before `model` is deleted by its tombstone: the fields that name it through a
    /// `.nullify` relationship of its, or through a relationship without inverse of
    /// another model, which the deletion clears here, stay pending on it (their records
    /// still name it), so that it is linked again if it comes back.
    mutating func keepLinks(to model: any PersistentModel, named name: String, codec: EntityCodec) throws {
        for derived in codec.derivedLinks where derived.deleteRule == .nullify {
            guard let inverse = derived.inverseName, let sourceCodec = codecs[derived.targetEntity],
                let field = sourceCodec.links.first(where: { $0.name == inverse })
            else { continue }
            for source in try derived.read(model) {
                try keepLink(of: source, codec: sourceCodec, field: field, to: name)
            }
        }
        // A relationship without inverse cannot be read from its target: its holders are found
        // among the models of its entity.
        let entities = Set([codec.entityName] + (codec.superentityName.map { [$0] } ?? []))
        for sourceCodec in codecs.values.sorted(by: { $0.entityName < $1.entityName }) {
            for field in sourceCodec.links where field.inverseName == nil && entities.contains(field.targetEntity) {
                for source in try holders(of: model.persistentModelID, codec: sourceCodec, field: field) {
                    try keepLink(of: source, codec: sourceCodec, field: field, to: name)
                }
            }
        }
    }

    /// Keeps `source`'s field pending on the target `name`, as its record still names it.
    private mutating func keepLink(
        of source: any PersistentModel, codec: EntityCodec, field: LinkCodec, to name: String
    )
        throws
    {
        guard !locallyChanged(source.persistentModelID, field.name), let sourceName = try recordName(of: source)
        else { return }
        let key = PendingLinks.Key(record: sourceName, field: field.name)
        // A pending field names every target, this one included, already.
        guard pending.links[key] == nil else { return }
        var names: [String] = []
        for target in try field.read(source) {
            if let targetName = try recordName(of: target) { names.append(targetName) }
        }
        if !names.contains(name) { names.append(name) }
        pending.links[key] = PendingLinks.Link(entity: codec.entityName, value: field.text(names: names))
    }

    /// The models of `codec`'s entity whose relationship `field` holds the target `target`.
    private mutating func holders(of target: PersistentIdentifier, codec: EntityCodec, field: LinkCodec) throws
        -> [any PersistentModel]
    {
        let key = "\(codec.entityName).\(field.name)"
        if holders[key] == nil {
            var byTarget: [PersistentIdentifier: [any PersistentModel]] = [:]
            for source in try ModelLookup.all(codec.modelType, entityName: codec.entityName, in: context) {
                for held in try field.read(source) { byTarget[held.persistentModelID, default: []].append(source) }
            }
            holders[key] = byTarget
        }
        return holders[key]?[target] ?? []
    }

    private func recordName(of model: any PersistentModel) throws -> String? {
        if let name = namesOfNamed[ObjectIdentifier(model)] { return name }
        return try metadata.recordName(of: model.persistentModelID)
    }

    /// The model of a record name, if this store holds it (deleted ones are not held).
    private mutating func model(named name: String, entity: String?) throws -> (any PersistentModel)? {
        if let model = named[name] { return model }
        if let known = found[name] { return known }
        var model: (any PersistentModel)?
        if let identifier = try metadata.identifier(ofRecordNamed: name),
            entity == nil || identifier.entityName == entity, let codec = codecs[identifier.entityName]
        {
            model = try ModelLookup.models(codec.modelType, [identifier], in: context)[identifier]
            if model?.isDeleted == true { model = nil }
        }
        found[name] = model
        return model
    }
}
