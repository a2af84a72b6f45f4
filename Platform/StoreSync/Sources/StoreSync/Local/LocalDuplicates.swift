import Foundation
import OpenSwiftData

/// Models of one store with the same domain key: one may hold the record name the key
/// gives, the others were added since and have no name. Two processes of one store make
/// them when each finds the movie absent and adds it (SwiftData, without `#Unique`, lets
/// them), the second after the first's sync pulled another machine's add of it or before
/// either pushed. The domain key says they are one record, so before a push reads what to
/// send, the add saved last is kept and the others are deleted, the named model included;
/// the kept add takes the name over, as an entry removed and added again before a sync
/// does: it is sent as what it was, a write of every field at the time it was saved, and
/// the server keeps the later write of each field, the add's or another machine's. A field
/// a deleted model changed here after that add is copied to it first (the copy then carries
/// the fold's time).
///
/// The fold is a save of its own in the store's history, by ``author``, not by the engine:
/// it is a local change like the app's, pushed by this push or, after a failure, the next.
/// Only entities that no relationship leads to or from, and that no `@Model` class
/// inherits from or extends, are folded: a model linked elsewhere keeps its own record
/// (see Limits in the documentation).
enum LocalDuplicates {
    /// The author of the folds' saves in the history.
    static let author = "StoreSync.fold"

    /// Folds the added models of `changes` (the history a push reads) that have no record
    /// name, by the name their domain key gives: the add saved last is kept, and the others
    /// with that name are deleted, the model that holds the name included, so that the kept
    /// one takes it. The save is made in `context`. Returns the number of models deleted;
    /// nothing is saved when it is zero.
    static func fold(
        _ changes: LocalChanges, codecs: [String: EntityCodec], schema: Schema, context: ModelContext,
        metadata: SyncMetadata
    ) throws -> Int {
        var folded = 0
        for codec in codecs.values.sorted(by: { $0.entityName < $1.entityName }) where isFoldable(codec, in: schema) {
            let added = changes.changes.filter {
                $0.key.entityName == codec.entityName && $0.value.wasInserted && !$0.value.isDeleted
            }
            guard !added.isEmpty, let names = try Names(of: codec, added: Array(added.keys), metadata: metadata)
            else { continue }
            let unnamed = try added.keys.filter { try names.name(of: $0) == nil }
            // The unnamed adds by the name their domain key gives.
            var adds: [String: [Duplicate]] = [:]
            for (identifier, model) in try ModelLookup.models(codec.modelType, unnamed, in: context) {
                guard let change = added[identifier] else { continue }
                let fields = try codec.fields(of: model)
                guard let name = codec.derivedRecordName(fields: fields)?.uuidString else { continue }
                adds[name, default: []].append(
                    Duplicate(identifier: identifier, model: model, fields: fields, change: change))
            }
            for (name, group) in adds.sorted(by: { $0.key < $1.key }) {
                let ordered = group.sorted { lhs, rhs in
                    if let left = lhs.change?.version, let right = rhs.change?.version, left != right {
                        return left < right
                    }
                    return lhs.identifier < rhs.identifier
                }
                guard let kept = ordered.last else { continue }
                var others = Array(ordered.dropLast())
                if let holder = try names.holder(of: name), holder != kept.identifier,
                    let named = try ModelLookup.models(codec.modelType, [holder], in: context)[holder]
                {
                    others.insert(
                        Duplicate(
                            identifier: holder, model: named, fields: try codec.fields(of: named),
                            change: changes.changes[holder]),
                        at: 0)
                }
                for other in others {
                    try copyLaterFields(of: other, to: kept, codec: codec, metadata: metadata)
                    context.delete(other.model)
                    folded += 1
                }
            }
        }
        guard folded > 0 else { return 0 }
        let engineAuthor = context.author
        context.author = author
        defer { context.author = engineAuthor }
        try context.save()
        return folded
    }

    /// A model of a group that one domain key names, with its fields and its change since
    /// the last push.
    private struct Duplicate {
        let identifier: PersistentIdentifier
        let model: any PersistentModel
        let fields: [String: String]
        let change: LocalChanges.Change?
    }

    /// Copies to the kept add each field `other` wrote after the add was saved (and holds
    /// differently).
    private static func copyLaterFields(
        of other: Duplicate, to kept: Duplicate, codec: EntityCodec, metadata: SyncMetadata
    ) throws {
        guard let version = kept.change?.version else { return }
        let versions = try fieldVersions(
            of: other.identifier, change: other.change, fields: other.fields.keys, metadata: metadata)
        let later = Set(
            other.fields.keys.filter { field in
                other.fields[field] != kept.fields[field] && versions[field].map { $0 > version } ?? false
            })
        guard !later.isEmpty else { return }
        try codec.read(other.fields).apply(
            to: kept.model, isNew: false, except: Set(other.fields.keys).subtracting(later))
    }

    /// The record names of an entity's models: read at once when many models were added (a
    /// push of a store's every model), else asked of the store model by model, as a push of
    /// a few changes does.
    private struct Names {
        private let metadata: SyncMetadata
        private let byModel: [PersistentIdentifier: String]?
        private let byName: [String: PersistentIdentifier]?

        /// Nil for a push of many adds when no model of the entity has a name (a store's
        /// first push): its adds are not folded among themselves, which would fetch them all
        /// once more.
        init?(of codec: EntityCodec, added: [PersistentIdentifier], metadata: SyncMetadata) throws {
            self.metadata = metadata
            if added.count > 100 {
                let names = try metadata.recordNames(ofEntity: codec.entityName)
                guard !names.isEmpty else { return nil }
                byModel = names
                byName = Dictionary(names.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            } else {
                byModel = nil
                byName = nil
            }
        }

        func name(of identifier: PersistentIdentifier) throws -> String? {
            if let byModel { return byModel[identifier] }
            return try metadata.recordName(of: identifier)
        }

        func holder(of name: String) throws -> PersistentIdentifier? {
            if let byName { return byName[name] }
            return try metadata.identifier(ofRecordNamed: name)
        }
    }

    /// Whether models of the codec's entity can be folded: it has a domain key, and no
    /// relationship or inheritance ties its models to others.
    static func isFoldable(_ codec: EntityCodec, in schema: Schema) -> Bool {
        guard !codec.domainKey.isEmpty, codec.superentityName == nil,
            schema.entity(named: codec.entityName)?.relationships.isEmpty == true
        else { return false }
        return !schema.entities.contains { entity in
            entity.superentityName == codec.entityName
                || entity.relationships.contains { $0.destination == codec.entityName }
        }
    }

    /// The version of each field of a model's record: the later of the server's, as the
    /// store noted it, and the store's own change since its last push. A field of neither
    /// is absent (written before versions were noted).
    private static func fieldVersions(
        of identifier: PersistentIdentifier, change: LocalChanges.Change?, fields: Dictionary<String, String>.Keys,
        metadata: SyncMetadata
    ) throws -> [String: HybridLogicalClock] {
        let noted = try metadata.recordVersions(of: identifier).flatMap(RecordVersions.read) ?? [:]
        var versions = noted.compactMapValues { HybridLogicalClock(fieldVersion: $0) }
        guard let change, !change.isDeleted else { return versions }
        for field in fields where change.changedFields?.contains(field) ?? true {
            versions[field] = max(versions[field] ?? change.version, change.version)
        }
        return versions
    }
}
