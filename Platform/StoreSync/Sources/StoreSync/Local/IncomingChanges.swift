import Foundation
import OpenSwiftData

/// Applies the records received from the server to a store, in one transaction with the
/// new cursor: a crash leaves the store as it was before, or fully updated.
///
/// A received record replaces the local model's fields, except those of a local change
/// the server has not received. That change is newer: it is stamped at the next push by
/// the store's clock, which this pull advances to at least every version received
/// (``HybridLogicalClock``), so it wins on the server too, field by field. A model inserted
/// or deleted here since the last push is left whole to that push. A record whose name is
/// unknown here becomes a new model, or, when a model added here since the last push has
/// the same domain key, names it.
///
/// Relationship fields are set once every record of the pull is in (``IncomingLinks``):
/// a target not held yet is linked by a later pull (``PendingLinks``). Tombstones delete
/// last, through the models' delete rules, as the machine that deleted did; what a
/// cascade deletes beyond the tombstones received is pushed as tombstones of its own
/// (``CascadedDeletions``).
struct IncomingChanges {
    /// Records received, one per record name (its latest), by sequence number.
    let records: [SyncRecord]
    /// The cursor after these records.
    let cursor: Int64
    /// After a pull of every record (this store's cursor was below the tombstones the
    /// server removed): the names of the records still live. A model whose record is not
    /// among them was deleted on another machine, and goes here too.
    let liveNames: Set<UUID>?
    /// The elements of the received records' to-many fields on the server, each with the
    /// tags of its adds (``RemoteLinks/elements(of:)``): what the store knows of them for
    /// its next change (``LinkBases``).
    let linkElements: [UUID: [String: [String: [String]]]]
    /// Whether a model edited here since the last push whose record is not among
    /// ``liveNames`` is deleted too (a store catching up before its push,
    /// ``StoreSyncEngine/catchUp(_:codecs:records:device:)``); otherwise it waits for the push.
    let deletesEditedModels: Bool
    /// Whether a record older than what the store noted of it is left alone, field by field
    /// (``OvertakenFields``): a page read before another sync of the store (another process)
    /// applied a later version. A digest check's repair, which makes the store the
    /// server's, does not.
    let keepsLaterNotedFields: Bool

    init(
        records received: [SyncRecord], cursor: Int64, liveNames: Set<UUID>? = nil,
        linkElements: [UUID: [String: [String: [String]]]] = [:], deletesEditedModels: Bool = false,
        keepsLaterNotedFields: Bool = true
    ) {
        self.liveNames = liveNames
        self.keepsLaterNotedFields = keepsLaterNotedFields
        self.linkElements = linkElements
        self.deletesEditedModels = deletesEditedModels
        var latest: [UUID: SyncRecord] = [:]
        for record in received where (latest[record.recordName]?.sequence ?? .min) <= record.sequence {
            latest[record.recordName] = record
        }
        records = latest.values.sorted { $0.sequence < $1.sequence }
        self.cursor = cursor
    }

    /// What applying did.
    struct Outcome {
        var updated = 0
        var inserted = 0
        var deleted = 0
        /// Records left alone because a newer local change will win.
        var keptLocal = 0
        /// Records left alone because the store applied a later version of each of their
        /// fields (``OvertakenFields``).
        var overtaken = 0
        /// Tombstones to push for the models a delete rule deleted here (``CascadedDeletions``).
        var cascaded = 0
        /// The records this release could not read, and why: left as they are here, and
        /// fetched again at each sync (``SyncState/setAside``).
        var setAside: [UUID: String] = [:]

        var applied: Int { updated + inserted + deleted }

        /// Adds what applying another page of the same pull did.
        mutating func add(_ other: Outcome) {
            updated += other.updated
            inserted += other.inserted
            deleted += other.deleted
            keptLocal += other.keptLocal
            cascaded += other.cascaded
            setAside.merge(other.setAside, uniquingKeysWith: { _, later in later })
        }
    }

    /// Which part of a pull the records are: they may replace the records set aside (those
    /// are fetched again with the first page of each pull), and may end it (counted in
    /// ``SyncState/pullsApplied``). Records a digest check fetched do neither.
    struct Part {
        var replacesSetAside = true
        var endsPull = true

        /// Records a digest check fetched (``DigestCheck``).
        static let repair = Part(replacesSetAside: false, endsPull: false)
    }

    /// Applies the records, advances the clock to their versions, and forgets the records
    /// noted for refetching (`refetched`, which these records include, with every record
    /// set aside by an earlier pull, when `part` replaces them).
    func apply(
        to store: SyncedStore, device: UUID, remote: SyncRemote, refetched: Set<UUID>, finishedAt: Date,
        part: Part = Part()
    ) async throws -> Outcome {
        try await store.container.performSyncTransaction(author: SyncAuthor.name) { context, metadata in
            // Made here, on the store's writer: a codec holds key paths, which are not Sendable.
            let codecs = try EntityCodec.all(for: store)
            var state = try SyncState.read(from: metadata)
            let local = try LocalChanges.read(
                in: context, after: state.pushedTransaction, codecs: codecs, stamping: state.stamping,
                device: device)
            let pending = local.changes
            var outcome = Outcome()
            // The models to name, each with where its record was first written (noted with the
            // name: a push of every model sends it again).
            var namesToSet: [(name: String, model: any PersistentModel, origin: String?)] = []
            var namesToRemove: [PersistentIdentifier] = []
            // Relationship fields are set once every record is in: a target may come later.
            var received: [(record: String, codec: EntityCodec, model: any PersistentModel, fields: [String: String])] =
                []
            var tombstones: [(identifier: PersistentIdentifier, model: any PersistentModel)] = []
            // The field versions of the records applied, noted once their names are set: the
            // server's text, or, for a record with a change here, those of the fields it took.
            var versions: [String: (model: PersistentIdentifier?, text: String?, fields: [String: String]?)] = [:]

            let byEntity = Dictionary(grouping: records, by: \.entity)
            for (entity, entityRecords) in byEntity.sorted(by: { $0.key < $1.key }) {
                guard let codec = codecs[entity] else { continue }
                let names = try metadata.recordNames(ofEntity: entity)
                var identifiers = Dictionary(names.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                let models = try ModelLookup.models(
                    codec.modelType, entityRecords.compactMap { identifiers[$0.recordName.uuidString] }, in: context)
                var adoptable = try adoptableModels(
                    codec: codec, pending: pending, named: Set(names.keys), context: context)

                for record in entityRecords {
                    let name = record.recordName.uuidString
                    // A record this release cannot read (a value of a newer release, a
                    // malformed field) is set aside whole, before anything is done with it:
                    // the others apply, and it is fetched again at each sync until it reads.
                    // So is one whose version no honest clock gives: it would carry this
                    // store's clock with it.
                    if let problem = record.unreadable ?? record.version.implausibility(receivedAt: finishedAt) {
                        outcome.setAside[record.recordName] = "\(entity): \(problem)"
                        continue
                    }
                    let fields: EntityCodec.ReceivedFields
                    do {
                        fields = try codec.read(record.isDeleted ? [:] : record.fields)
                    } catch {
                        outcome.setAside[record.recordName] = "\(entity): \(error)"
                        continue
                    }
                    var identifier = identifiers[name]
                    if identifier == nil, let adopted = adoptable.removeValue(forKey: name) {
                        identifier = adopted.persistentModelID
                        identifiers[name] = identifier
                        namesToSet.append((name, adopted, record.notedOrigin))
                    }
                    let model = identifier.flatMap { models[$0] ?? adoptedModel(namesToSet, $0) }
                    /// Applies the record but the fields `kept`, which the store keeps as it
                    /// holds them, and notes the versions of the others.
                    func apply(
                        keeping kept: Set<String>, to model: any PersistentModel, _ identifier: PersistentIdentifier
                    )
                        throws
                    {
                        try fields.apply(to: model, isNew: false, except: kept)
                        received.append((name, codec, model, record.fields.filter { !kept.contains($0.key) }))
                        versions[name] = (
                            identifier, nil,
                            record.serverFieldVersions.flatMap(RecordVersions.read)?.filter { !kept.contains($0.key) }
                                ?? [:]
                        )
                        outcome.updated += 1
                    }
                    if let identifier, let change = pending[identifier] {
                        // The fields this machine changed wait for its push; the others
                        // take the record's.
                        if let changed = change.changedFields, !change.isDeleted, !record.isDeleted, let model {
                            try apply(keeping: changed, to: model, identifier)
                        } else {
                            outcome.keptLocal += 1
                        }
                        continue
                    }
                    var overtaken = OvertakenFields()
                    if keepsLaterNotedFields, let identifier, model != nil {
                        overtaken = try OvertakenFields(record, noted: metadata.recordVersions(of: identifier))
                        if overtaken.isWhole {
                            outcome.overtaken += 1
                            continue
                        }
                    }
                    if !overtaken.fields.isEmpty, let model, let identifier {
                        // Another sync applied later versions of some fields: the others apply.
                        try apply(keeping: overtaken.fields, to: model, identifier)
                        continue
                    }
                    if !record.isDeleted { versions[name] = (identifier, record.serverFieldVersions, nil) }
                    if record.isDeleted {
                        guard let model, let identifier else { continue }
                        tombstones.append((identifier, model))
                    } else if let model {
                        try fields.apply(to: model, isNew: false)
                        received.append((name, codec, model, record.fields))
                        outcome.updated += 1
                    } else {
                        let model = codec.modelType.makeWithUnsetProperties()
                        try fields.apply(to: model, isNew: true)
                        context.insert(model)
                        namesToSet.append((name, model, record.notedOrigin))
                        received.append((name, codec, model, record.fields))
                        outcome.inserted += 1
                    }
                }
            }

            var links = IncomingLinks(
                context: context, metadata: metadata, codecs: codecs,
                named: Dictionary(namesToSet.map { ($0.name, $0.model) }, uniquingKeysWith: { _, last in last }),
                tombstoned: Set(records.filter(\.isDeleted).map(\.recordName.uuidString)),
                pending: try PendingLinks.read(from: metadata),
                locallyChanged: { identifier, field in
                    guard let change = pending[identifier] else { return false }
                    return change.changedFields?.contains(field) ?? true
                })
            try links.prefetchTargets(of: received.map { ($0.codec, $0.fields) })
            for entry in received {
                try links.apply(entry.fields, of: entry.record, codec: entry.codec, to: entry.model)
            }
            try links.retryPending(
                applied: Set(
                    received.flatMap { entry in
                        entry.codec.links.filter { entry.fields[$0.name] != nil }.map {
                            PendingLinks.Key(record: entry.record, field: $0.name)
                        }
                    }))

            // Deleted last, so that the delete rules act on the relationships as received.
            for (identifier, model) in tombstones {
                if let codec = codecs[identifier.entityName], let name = try metadata.recordName(of: identifier) {
                    try links.keepLinks(to: model, named: name, codec: codec)
                }
                context.delete(model)
                namesToRemove.append(identifier)
                outcome.deleted += 1
            }
            if let liveNames {
                outcome.deleted += try deleteModelsWithoutRecords(
                    liveNames: liveNames, codecs: codecs, pending: pending, metadata: metadata, context: context,
                    namesToRemove: &namesToRemove)
            }
            // Not to the versions of the records set aside, nor to an implausible one of an
            // entity this release does not know.
            state.advanceClock(
                to: records.filter {
                    outcome.setAside[$0.recordName] == nil && $0.version.implausibility(receivedAt: finishedAt) == nil
                }.map(\.version).max())
            outcome.cascaded = try noteCascadedDeletions(
                context: context, metadata: metadata, explicit: Set(namesToRemove), state: &state, device: device,
                at: finishedAt, namesToRemove: &namesToRemove)
            // The pending fields of the records deleted go with them.
            var deletedNames: Set<String> = []
            for identifier in namesToRemove {
                if let name = try metadata.recordName(of: identifier) { deletedNames.insert(name) }
            }
            for key in links.pending.links.keys where deletedNames.contains(key.record) {
                links.pending.links[key] = nil
            }
            try links.pending.write(to: metadata)
            try noteLinkElements(
                metadata: metadata, codecs: codecs, server: state.server, pending: pending,
                setAside: Set(outcome.setAside.keys))
            try context.save()
            try DeletionsNoted.note(records.filter { outcome.setAside[$0.recordName] == nil }, in: metadata)
            for identifier in namesToRemove { try metadata.removeRecordName(of: identifier) }
            for (name, model, origin) in namesToSet {
                try metadata.setRecordName(
                    name, of: model.persistentModelID, versions: versions[name]?.text, origin: origin)
            }
            // Models inserted here have theirs with their names, above.
            for (_, noted) in versions {
                guard let identifier = noted.model else { continue }
                if let fields = noted.fields {
                    try RecordVersions.merge(fields, of: identifier, in: metadata)
                } else {
                    try metadata.setRecordVersions(noted.text, of: identifier)
                }
            }

            state.notePull(after: local.lastTransaction ?? state.pushedTransaction ?? 0)
            state.cursor = max(state.cursor, cursor)
            // The server noted the device up to the cursor announced before this page.
            state.notedCursor = max(state.notedCursor, min(cursor, state.announcedCursor))
            state.refetch.subtract(refetched)
            // Every record set aside before was fetched again with these: those that still
            // cannot be read stay aside, with the ones new here.
            if part.replacesSetAside {
                state.setAside = Set(outcome.setAside.keys)
            } else {
                state.setAside.formUnion(outcome.setAside.keys)
            }
            state.entities = Set(codecs.keys)
            state.lastSync = finishedAt.timeIntervalSince1970
            if part.endsPull { state.pullsApplied = state.pullsApplied &+ 1 }
            state.remote = remote.description
            try state.write(to: metadata)
            return outcome
        }
    }

    /// Notes the elements of the received records' to-many fields (``LinkBases``), but for
    /// the fields this store changed since its push, whose change is against the elements
    /// it knew before; forgets the fields of the records deleted.
    private func noteLinkElements(
        metadata: SyncMetadata, codecs: [String: EntityCodec], server: UUID?,
        pending: [PersistentIdentifier: LocalChanges.Change], setAside: Set<UUID>
    ) throws {
        guard codecs.values.contains(where: { $0.links.contains(where: \.isToMany) }) else { return }
        var bases = try LinkBases.read(from: metadata, server: server)
        let before = bases.records
        for record in records where !setAside.contains(record.recordName) {
            let name = record.recordName.uuidString
            if record.isDeleted {
                bases.forget(record: name)
                continue
            }
            guard let codec = codecs[record.entity], codec.links.contains(where: \.isToMany) else { continue }
            let change = try metadata.identifier(ofRecordNamed: name).flatMap { pending[$0] }
            for link in codec.links where link.isToMany {
                guard let text = record.fields[link.name],
                    change.map({ !$0.isDeleted && $0.changedFields?.contains(link.name) == false }) ?? true
                else { continue }
                let targets = try link.names(in: text)
                let elements = linkElements[record.recordName]?[link.name] ?? [:]
                // Targets without adds on the server were written by a release that kept
                // none: the field's elements stay unknown here, and its next change here
                // replaces the older adds (``LinkChange/replacesOlder``).
                if targets.contains(where: { elements[$0] == nil }) {
                    bases.records[name]?[link.name] = nil
                } else {
                    bases.set(elements, record: name, field: link.name)
                }
            }
        }
        if bases.records != before { try bases.write(to: metadata) }
    }

    /// Deletes the models that have a record name the server no longer has, but for those
    /// with a change not pushed yet (or, with ``deletesEditedModels``, those added since the
    /// last push); returns how many.
    private func deleteModelsWithoutRecords(
        liveNames: Set<UUID>, codecs: [String: EntityCodec], pending: [PersistentIdentifier: LocalChanges.Change],
        metadata: SyncMetadata, context: ModelContext, namesToRemove: inout [PersistentIdentifier]
    ) throws -> Int {
        var deleted = 0
        // Live as received, whatever the names read before the pull said.
        let received = Set(records.filter { !$0.isDeleted }.map(\.recordName))
        for codec in codecs.values.sorted(by: { $0.entityName < $1.entityName }) {
            let gone = try metadata.recordNames(ofEntity: codec.entityName).filter { identifier, name in
                pending[identifier].map { deletesEditedModels && !$0.wasInserted } ?? true
                    && !namesToRemove.contains(identifier)
                    && UUID(uuidString: name).map { !liveNames.contains($0) && !received.contains($0) } ?? false
            }
            for (identifier, model) in try ModelLookup.models(codec.modelType, Array(gone.keys), in: context) {
                context.delete(model)
                namesToRemove.append(identifier)
                deleted += 1
            }
        }
        return deleted
    }

    /// Notes the models the delete rules deleted beside the records deleted by name (a
    /// cascade) as tombstones to push, stamped by the store's clock; returns how many
    /// tombstones it noted.
    private func noteCascadedDeletions(
        context: ModelContext, metadata: SyncMetadata, explicit: Set<PersistentIdentifier>, state: inout SyncState,
        device: UUID, at date: Date, namesToRemove: inout [PersistentIdentifier]
    ) throws -> Int {
        let tombstoned = Set(records.filter(\.isDeleted).map(\.recordName.uuidString))
        var cascaded = try CascadedDeletions.read(from: metadata)
        var version: HybridLogicalClock?
        var count = 0
        for model in context.deletedModelsArray {
            let identifier = model.persistentModelID
            guard !explicit.contains(identifier), let name = try metadata.recordName(of: identifier) else { continue }
            namesToRemove.append(identifier)
            // The server has this record's tombstone already.
            guard !tombstoned.contains(name) else { continue }
            count += 1
            let stamp = version ?? (state.clock ?? .zero(device: device)).stamp(savedAt: date, device: device)
            version = stamp
            cascaded.deletions.append(
                CascadedDeletions.Deletion(record: name, entity: identifier.entityName, version: stamp.description))
        }
        state.advanceClock(to: version)
        try cascaded.write(to: metadata)
        return count
    }

    /// Models added here since the last push that have no record name yet, by the name
    /// their domain key gives them: a record received under that name is the same
    /// record, added on two machines.
    private func adoptableModels(
        codec: EntityCodec, pending: [PersistentIdentifier: LocalChanges.Change], named: Set<PersistentIdentifier>,
        context: ModelContext
    ) throws -> [String: any PersistentModel] {
        guard !codec.domainKey.isEmpty else { return [:] }
        let candidates = pending.filter {
            $0.key.entityName == codec.entityName && $0.value.wasInserted && !$0.value.isDeleted
                && !named.contains($0.key)
        }
        guard !candidates.isEmpty else { return [:] }
        var adoptable: [String: any PersistentModel] = [:]
        for (_, model) in try ModelLookup.models(codec.modelType, Array(candidates.keys), in: context) {
            guard let name = codec.derivedRecordName(fields: try codec.fields(of: model))?.uuidString else { continue }
            adoptable[name] = model
        }
        return adoptable
    }

    private func adoptedModel(
        _ adopted: [(name: String, model: any PersistentModel, origin: String?)], _ identifier: PersistentIdentifier
    )
        -> (any PersistentModel)?
    {
        adopted.last { $0.model.persistentModelID == identifier }?.model
    }
}
