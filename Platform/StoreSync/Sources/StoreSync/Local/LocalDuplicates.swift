import Foundation
import OpenSwiftData

/// Two models of one store with the same domain key: one holds the record name the key
/// gives, the other was added since and has no name. Two processes of one store make them
/// when each finds the movie absent and adds it, the second after the first's sync pulled
/// another machine's add of it (SwiftData, without `#Unique`, lets them). The domain key
/// says they are one record, so before a push reads what to send, the named model is
/// deleted and the added one takes its name over, as an entry removed and added again
/// before a sync does: the add is sent as what it was, a write of every field at the time
/// it was saved, and the server keeps the later write of each field, the add's or
/// another machine's. A field the named model changed here after the add is copied to it
/// first (the copy then carries the fold's time).
///
/// The fold is a save of its own in the store's history, by ``author``, not by the engine:
/// it is a local change like the app's, pushed by this push or, after a failure, the next.
/// Only entities that no relationship leads to or from, and that no `@Model` class
/// inherits from or extends, are folded: a model linked elsewhere keeps its own record
/// (see Limits in the documentation).
enum LocalDuplicates {
    /// The author of the folds' saves in the history.
    static let author = "StoreSync.fold"

    /// Folds each added model of `changes` (the history a push reads) that has no record
    /// name and whose domain key names another model of the store: that model is deleted,
    /// so that the added one takes its name, and the save is made in `context`. Returns the
    /// number of models folded; nothing is saved when it is zero.
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
            for (identifier, model) in try ModelLookup.models(codec.modelType, unnamed, in: context)
                .sorted(by: { $0.key < $1.key })
            {
                guard let version = added[identifier]?.version else { continue }
                let fields = try codec.fields(of: model)
                guard let name = codec.derivedRecordName(fields: fields)?.uuidString,
                    let holder = try names.holder(of: name), holder != identifier,
                    let named = try ModelLookup.models(codec.modelType, [holder], in: context)[holder]
                else { continue }
                let namedFields = try codec.fields(of: named)
                let namedVersions = try fieldVersions(
                    of: holder, change: changes.changes[holder], fields: fields.keys, metadata: metadata)
                // The fields the named model wrote after the add.
                let later = Set(
                    fields.keys.filter { field in
                        namedFields[field] != fields[field] && namedVersions[field].map { $0 > version } ?? false
                    })
                if !later.isEmpty {
                    try codec.read(namedFields).apply(
                        to: model, isNew: false, except: Set(fields.keys).subtracting(later))
                }
                context.delete(named)
                folded += 1
            }
        }
        guard folded > 0 else { return 0 }
        let engineAuthor = context.author
        context.author = author
        defer { context.author = engineAuthor }
        try context.save()
        return folded
    }

    /// The record names of an entity's models: read at once when many models were added (a
    /// push of a store's every model), else asked of the store model by model, as a push of
    /// a few changes does.
    private struct Names {
        private let metadata: SyncMetadata
        private let byModel: [PersistentIdentifier: String]?
        private let byName: [String: PersistentIdentifier]?

        /// Nil when no model of the entity has a name: no add can then be a duplicate.
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
