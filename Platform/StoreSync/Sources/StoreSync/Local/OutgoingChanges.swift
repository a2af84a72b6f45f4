import Foundation
import OpenSwiftData

/// The records a push sends, read from the store in one transaction that also gives
/// each new record its name, so that a push repeated after a crash sends the same
/// records under the same names (and the server takes them once).
struct OutgoingChanges {
    var records: [SyncRecord] = []
    /// The models whose tombstones are among the records: their names are forgotten
    /// once the server has them.
    var deletedModels: [PersistentIdentifier] = []
    /// The last history transaction read: pushed once the server has the records.
    var lastTransaction: Int64?
    /// The state the sync started from (cursors for the server of this sync).
    var state: SyncState
    /// The store's clock once the records are stamped: noted with the push.
    var clock: HybridLogicalClock?
    /// The names of the ``CascadedDeletions`` among the records: forgotten once the server
    /// has them.
    var cascaded: [String] = []
    /// The changes of the records' to-many fields, element by element (``LinkChange``).
    var linkChanges: [LinkChange] = []
    /// The models of the live records, by record name: where the versions the server
    /// returns are noted.
    var models: [UUID: PersistentIdentifier] = [:]
    /// The models inserted and deleted since the last push noted that have no record name:
    /// their records, if the server has some, are found by origin before the push.
    var unnamedDeletions: [UnnamedDeletion] = []

    /// Reads what the server has not received. The first push to a server sends every
    /// model, each field at the version the store noted for it (``RecordVersions``), and the
    /// deletions the store noted (``DeletionsNoted``); later ones, what the history recorded
    /// since. With `newDevice`, the store takes that device identifier first: it is a
    /// restored backup or a copy of a data folder, whose device another store syncs as
    /// (``StoreSyncEngine``). With `rejoining`, the store forgets where it stood on its
    /// server, which went back in time (``SyncStanding/rewound``), and sends every model as
    /// to a new server, each to-many field made the set it holds over the older adds.
    static func prepare(
        store: SyncedStore, server: UUID, remote: SyncRemote, newDevice: UUID? = nil, knownNames: [String: UUID] = [:],
        rejoining: Bool = false
    ) async throws -> OutgoingChanges {
        try await store.container.performSyncTransaction(author: SyncAuthor.name) { context, metadata in
            // Made here, on the store's writer: a codec holds key paths, which are not Sendable.
            let codecs = try EntityCodec.all(for: store)
            let (state, device) = try pushState(
                metadata: metadata, context: context, server: server, entities: Set(codecs.keys),
                newDevice: newDevice, rejoining: rejoining)
            var outgoing = OutgoingChanges(state: state)
            var history = try LocalChanges.read(
                in: context, after: state.pushedTransaction, codecs: codecs, stamping: state.stamping,
                device: device)
            // In this transaction, so that no other process adds a duplicate between the
            // fold and the naming below; read again with the fold's save.
            if try LocalDuplicates.fold(
                history, codecs: codecs, schema: store.container.schema, context: context, metadata: metadata) > 0
            {
                history = try LocalChanges.read(
                    in: context, after: state.pushedTransaction, codecs: codecs, stamping: state.stamping,
                    device: device)
            }
            outgoing.lastTransaction = history.lastTransaction ?? state.pushedTransaction
            outgoing.clock = history.clock
            // The records whose relationship fields are added once every model sent has
            // its name (a target may be of an entity named later).
            var linked: [(index: Int, codec: EntityCodec, model: any PersistentModel, change: LocalChanges.Change?)] =
                []
            var allNames: [PersistentIdentifier: String] = [:]
            // A push of every model reads every name at once; a push of changes, the names
            // of the models it sends, so that a sync with little to send reads little.
            let sendsEverything = state.pushedTransaction == nil
            // The versions of the fields of every record, which a push of every model sends,
            // and the origins of those pulled: a server that lost them (it went back in time)
            // learns where they were first written, and a store put back from a backup there
            // finds them (``RemoteRecords/names(originatedBy:)``).
            let writtenVersions = sendsEverything ? try metadata.allRecordVersions() : [:]
            let origins = sendsEverything ? try metadata.allRecordOrigins() : [:]

            for codec in codecs.values.sorted(by: { $0.entityName < $1.entityName }) {
                let changes = history.changes.filter { $0.key.entityName == codec.entityName }
                var names: [PersistentIdentifier: String] = [:]
                if sendsEverything {
                    names = try metadata.recordNames(ofEntity: codec.entityName)
                } else {
                    for identifier in changes.keys {
                        names[identifier] = try metadata.recordName(of: identifier)
                    }
                }
                defer { allNames.merge(names, uniquingKeysWith: { _, new in new }) }
                var usedNames = Set(names.values)
                // Whether another model of the store has the name: known from `names` when
                // they are all read, else asked of the store.
                let isUsed = { (name: String) throws -> Bool in
                    try usedNames.contains(name)
                        || (!sendsEverything && metadata.identifier(ofRecordNamed: name) != nil)
                }
                // The names of the models deleted since the last push: a model added since
                // with the same domain key takes its name over (an entry removed and added
                // again before a sync is one record, sent live), instead of living on under
                // a second name next to another machine's write of the first.
                var deletedNames = Dictionary(
                    changes.filter(\.value.isDeleted).compactMap { identifier, _ in
                        names[identifier].map { ($0, identifier) }
                    },
                    uniquingKeysWith: { first, _ in first })
                var renamed: Set<PersistentIdentifier> = []
                // Models to send whole: every model on a first push, else those changed.
                let models: [PersistentIdentifier: any PersistentModel]
                if sendsEverything {
                    models = Dictionary(
                        try ModelLookup.all(codec.modelType, entityName: codec.entityName, in: context).map {
                            ($0.persistentModelID, $0)
                        },
                        uniquingKeysWith: { first, _ in first })
                } else {
                    models = try ModelLookup.models(
                        codec.modelType, changes.filter { !$0.value.isDeleted }.map(\.key), in: context)
                }
                for (identifier, model) in models.sorted(by: { $0.key < $1.key }) {
                    let fields = try codec.fields(of: model)
                    let change = changes[identifier]
                    let name: String
                    let hadName = names[identifier] != nil
                    if let existing = names[identifier] {
                        name = existing
                    } else {
                        if let derived = codec.derivedRecordName(fields: fields)?.uuidString,
                            let deleted = deletedNames.removeValue(forKey: derived)
                        {
                            name = derived
                            renamed.insert(deleted)
                        } else if let known = knownNames[Self.origin(of: identifier, insertedAt: change?.insertedAt)]?
                            .uuidString, try !isUsed(known)
                        {
                            // A store put back from a backup: the name its device gave the model.
                            name = known
                        } else {
                            name = try Self.newName(codec: codec, fields: fields, isUsed: isUsed)
                        }
                        // Taken from the deleted model, when it had it.
                        try metadata.setRecordName(name, of: identifier)
                        names[identifier] = name
                        usedNames.insert(name)
                    }
                    guard let recordName = UUID(uuidString: name) else { continue }
                    outgoing.models[recordName] = identifier
                    // A model the history does not mention (saved before history was
                    // kept) carries the oldest time: any recorded write wins over it.
                    var version = change?.version ?? .zero(device: device)
                    // A record the store knows the field versions of is sent at them (its
                    // changes since at theirs), so that the server keeps the later write
                    // of each field, this machine's or another's, as it did before.
                    var written: [String: String]?
                    if let known = writtenVersions[name].flatMap(RecordVersions.read), !known.isEmpty {
                        written = Self.fieldVersions(known: known, change: change, fields: fields.keys)
                        version = max(
                            version,
                            written?.values.compactMap { HybridLogicalClock(fieldVersion: $0) }.max() ?? version)
                    }
                    // Every field is sent; those this window did not change at a version
                    // below every write, so that the server keeps another machine's write
                    // of them (a merge per field). A record new to the server (a first
                    // push, a model given its name now) is written whole.
                    let isWhole = state.pushedTransaction == nil || !hadName
                    if !codec.links.isEmpty { linked.append((outgoing.records.count, codec, model, change)) }
                    let pulledFrom = origins[name].flatMap(SyncRecord.origin(noted:))
                    outgoing.records.append(
                        SyncRecord(
                            recordName: recordName, entity: codec.entityName, fields: fields, version: version,
                            isDeleted: false, changedFields: isWhole ? nil : change.map(\.changedFields) ?? [],
                            origin: pulledFrom?.key ?? Self.origin(of: identifier, insertedAt: change?.insertedAt),
                            originDevice: pulledFrom?.device, writtenFieldVersions: written)
                    )
                }
                outgoing.addTombstones(ofDeleted: changes, of: codec, names: names, except: renamed)
            }
            if sendsEverything { outgoing.addDeletions(try metadata.deletions()) }
            try outgoing.addLinks(linked, names: allNames, metadata: metadata)
            try outgoing.addLinkChanges(codecs: codecs, metadata: metadata)
            let cascaded = try CascadedDeletions.read(from: metadata)
            outgoing.cascaded = cascaded.deletions.map(\.record)
            outgoing.records += cascaded.records
            try outgoing.state.write(to: metadata)
            return outgoing
        }
    }

    /// The store's sync state for a push to `server`: with `rejoining`, its position on the
    /// server forgotten; with `newDevice`, that device taken (the saves in the history now
    /// keep the earlier device's versions), or a device made for a store that has none;
    /// marked as pushing. Returns it with its device.
    private static func pushState(
        metadata: SyncMetadata, context: ModelContext, server: UUID, entities: Set<String>, newDevice: UUID?,
        rejoining: Bool
    ) throws -> (SyncState, device: UUID) {
        var state = try SyncState.read(from: metadata).starting(with: server, entities: entities)
        if rejoining && !state.rejoining {
            state.forgetServerPosition()
            state.rejoining = true
        }
        if let newDevice {
            // The saves in the history now were made as the earlier device: they keep
            // its versions (the same as when that device sent them, if it did).
            if let earlier = state.device {
                let saved = try LocalChanges.lastTransaction(in: context)
                state.earlierDevice = saved.map { SyncState.EarlierDevice(device: earlier, through: $0) }
            }
            state.device = newDevice
            // The cursors noted and announced belong to the device left behind.
            state.notedCursor = 0
            state.announcedCursor = 0
        }
        let device = state.device ?? UUID()
        state.device = device
        state.pushing = true
        return (state, device)
    }

    /// Adds the tombstones of the models of `codec`'s entity that `changes` deleted: under
    /// their names, but those whose names a new model took (`renamed`, sent live under that
    /// model). A model deleted before it was ever pushed has no name and nothing to delete
    /// remotely, unless a push this store no longer knows of sent it: it is noted as an
    /// ``UnnamedDeletion``, looked up on the server before the push.
    private mutating func addTombstones(
        ofDeleted changes: [PersistentIdentifier: LocalChanges.Change], of codec: EntityCodec,
        names: [PersistentIdentifier: String], except renamed: Set<PersistentIdentifier>
    ) {
        for (identifier, change) in changes.sorted(by: { $0.key < $1.key }) where change.isDeleted {
            guard !renamed.contains(identifier) else { continue }
            guard let name = names[identifier], let recordName = UUID(uuidString: name) else {
                if let insertedAt = change.insertedAt {
                    unnamedDeletions.append(
                        UnnamedDeletion(
                            entity: codec.entityName, origin: Self.origin(of: identifier, insertedAt: insertedAt),
                            devices: Set([change.insertedBy, change.version.device].compactMap { $0 }),
                            version: change.version))
                }
                continue
            }
            records.append(
                SyncRecord(
                    recordName: recordName, entity: codec.entityName, fields: [:], version: change.version,
                    isDeleted: true))
            deletedModels.append(identifier)
        }
    }

    /// Sets the changes of the records' to-many fields (``linkChanges``): those of a push not
    /// noted yet first, then those since, against the elements the store last knew
    /// (``LinkBases``); a store rejoining a server that went back in time sends its fields as
    /// it knew them, over the older adds. Keeps them in the store until the push is noted.
    private mutating func addLinkChanges(codecs: [String: EntityCodec], metadata: SyncMetadata) throws {
        var bases = try LinkBases.read(from: metadata, server: state.server)
        if state.rejoining {
            // The elements the server lost are known here, with the tags of their adds:
            // sent again as they were, over the older adds.
            linkChanges = try toManyChanges(
                codecs: codecs, bases: LinkBases(server: state.server), knownTags: bases.withUnconfirmed)
        } else {
            linkChanges = bases.unconfirmed + (try toManyChanges(codecs: codecs, bases: bases.withUnconfirmed))
        }
        if bases.unconfirmed != linkChanges {
            bases.unconfirmed = linkChanges
            try bases.write(to: metadata)
        }
    }

    /// Notes in the store that the server has the records (`pushed`): the history they came
    /// from is deleted, the names of the deleted models are forgotten, the clock is advanced
    /// past the versions sent, and the records the server kept over this push
    /// (``RemoteRecords/PushOutcome/superseded``) are noted for the pull, which applies them
    /// whatever the cursor; the field versions the server returned are noted
    /// (``RecordVersions``), those of the records it kept over this push at the versions sent,
    /// and so are the deletions sent, kept for `retention`
    /// (``DeletionsNoted``), and the last sequence number the push was given, which the
    /// device's note on the server is at least (``SyncState/notedCursor``). Returns the
    /// state after.
    func confirm(store: SyncedStore, pushed: RemoteRecords.PushOutcome, keepingDeletionsFor retention: Duration)
        async throws -> SyncState
    {
        let (superseded, versions) = (pushed.superseded, pushed.versions)
        let last = pushed.sequenceRange?.upperBound ?? 0
        return try await store.container.performSyncTransaction(author: SyncAuthor.name) { context, metadata in
            var current = try SyncState.read(from: metadata)
            current.advanceClock(to: clock)
            current.notePush()
            current.rejoining = false
            current.pushing = false
            current.notedCursor = max(current.notedCursor, last)
            current.refetch.formUnion(superseded)
            if let lastTransaction {
                current.pushedTransaction = max(current.pushedTransaction ?? lastTransaction, lastTransaction)
                try context.deleteHistory(
                    HistoryDescriptor<DefaultHistoryTransaction>(
                        predicate: #Predicate { $0.transactionIdentifier <= lastTransaction }))
            } else {
                // Nothing was ever saved: the next push starts from here, not from scratch.
                current.pushedTransaction = current.pushedTransaction ?? 0
            }
            current.server = state.server
            try current.write(to: metadata)
            for identifier in deletedModels { try metadata.removeRecordName(of: identifier) }
            try DeletionsNoted.note(records, in: metadata)
            let oldestKept = DeletionsNoted.oldest(keptFor: retention, at: Date())
            try metadata.forgetDeletions(below: oldestKept)
            for (name, fieldVersions) in versions {
                guard let identifier = models[name] else { continue }
                try metadata.setRecordVersions(fieldVersions, of: identifier)
            }
            // The store holds its values of these until the pull brings the server's; the
            // history they were read from is gone. Noted at the versions they were written
            // at, so that a server that goes back in time before that pull is sent them at
            // those, not below every write (seed 76).
            let keptOver = Set(superseded)
            for record in records where !record.isDeleted && keptOver.contains(record.recordName) {
                guard let identifier = models[record.recordName] else { continue }
                let written = record.fieldVersions.filter { $0.value != HybridLogicalClock.unchangedFieldVersion }
                try RecordVersions.merge(written, of: identifier, in: metadata)
            }
            var bases = try LinkBases.read(from: metadata, server: state.server)
            for change in linkChanges { bases.apply(change) }
            bases.unconfirmed = []
            bases.forgetRemovals(below: oldestKept)
            for record in records where record.isDeleted { bases.forget(record: record.recordName.uuidString) }
            try bases.write(to: metadata)
            if !cascaded.isEmpty {
                var pushed = try CascadedDeletions.read(from: metadata)
                let sent = Set(cascaded)
                pushed.deletions.removeAll { sent.contains($0.record) }
                try pushed.write(to: metadata)
            }
            return current
        }
    }

    /// Adds the relationship fields to the records at `linked`: the targets' record names.
    /// A field still pending here (its targets not all arrived) is sent as it was
    /// received, unless this window changed it, which drops the pending link.
    private mutating func addLinks(
        _ linked: [(index: Int, codec: EntityCodec, model: any PersistentModel, change: LocalChanges.Change?)],
        names: [PersistentIdentifier: String], metadata: SyncMetadata
    ) throws {
        guard !linked.isEmpty else { return }
        var pending = try PendingLinks.read(from: metadata)
        let pendingByRecord = Dictionary(grouping: pending.links, by: \.key.record)
        for (index, codec, model, change) in linked {
            let record = records[index]
            var fields = record.fields
            // A target sent in this push is named in `names`; others, by the store.
            let links = try codec.linkFields(of: model) { try names[$0] ?? metadata.recordName(of: $0) }
            fields.merge(links, uniquingKeysWith: { _, link in link })
            for (key, link) in pendingByRecord[record.recordName.uuidString] ?? [] {
                if change?.changedFields?.contains(key.field) == true {
                    pending.links[key] = nil
                } else {
                    fields[key.field] = link.value
                }
            }
            records[index] = SyncRecord(
                recordName: record.recordName, entity: record.entity, fields: fields, version: record.version,
                isDeleted: false, changedFields: record.changedFields, origin: record.origin,
                originDevice: record.originDevice, writtenFieldVersions: record.writtenFieldVersions)
        }
        try pending.write(to: metadata)
    }

    /// The changes of the to-many fields of the live records, against what the store last
    /// knew of them on the server (`bases`): the targets added and those removed, none for a
    /// field changed back to what it was. A field a record sends unchanged has no change; a
    /// record written whole (new to the server) adds every target it holds; a field whose
    /// elements the store does not know (last synced by a release that kept none) adds what
    /// it holds and removes the older adds.
    /// With `knownTags` (a store syncing with a server that went back in time), a field is
    /// sent whole, each target with the tags of its adds known there, with the removals of
    /// the adds it saw removed (``LinkBases/removed``): the server's other adds, which this
    /// store never saw, stay. A field whose elements it never knew replaces the older adds.
    private func toManyChanges(codecs: [String: EntityCodec], bases: LinkBases, knownTags: LinkBases? = nil) throws
        -> [LinkChange]
    {
        var changes: [LinkChange] = []
        for record in records where !record.isDeleted {
            guard let codec = codecs[record.entity] else { continue }
            for link in codec.links where link.isToMany {
                let isWhole = record.changedFields == nil
                guard isWhole || record.changedFields?.contains(link.name) == true,
                    let text = record.fields[link.name]
                else { continue }
                let current = Set(try link.names(in: text))
                let known = bases.records[record.recordName.uuidString]?[link.name]
                // A record written whole is new to the server, but for a push of it cut off
                // before it was noted, whose elements are known.
                let base = known ?? [:]
                let added = current.filter { base[$0] == nil }.sorted()
                let removed = base.filter { !current.contains($0.key) }
                // A field changed is sent even when its targets are as they were (one put on
                // and taken off again): the record's row carries this machine's list, which
                // the server replaces by its set's, where another machine's changes are.
                if let knownTags {
                    let name = record.recordName.uuidString
                    let version = record.fieldVersions[link.name] ?? record.version.fieldVersion
                    guard let tags = knownTags.records[name]?[link.name] else {
                        // Elements never known here: added, over the older adds when the
                        // record was synced (by a release that kept no elements), not when
                        // it is new here (it saw no add).
                        changes.append(
                            LinkChange(
                                record: record.recordName, field: link.name, added: added, removed: [:],
                                version: version, replacesOlder: record.writtenFieldVersions != nil))
                        continue
                    }
                    // The adds seen removed, and those of the targets taken off here since.
                    let removed = (knownTags.removed[name]?[link.name] ?? [:]).merging(
                        tags.filter { !current.contains($0.key) }, uniquingKeysWith: { $0 + $1 })
                    changes.append(
                        LinkChange(
                            record: record.recordName, field: link.name, added: added, removed: removed,
                            version: version, addedTags: tags.filter { current.contains($0.key) && !$0.value.isEmpty }))
                    continue
                }
                changes.append(
                    LinkChange(
                        record: record.recordName, field: link.name, added: added, removed: removed,
                        version: record.version.fieldVersion, replacesOlder: !isWhole && known == nil))
            }
        }
        return changes
    }

    /// The versions of a record's fields sent in a push of every model: those the store
    /// noted, and the fields a change since the last push wrote at its version (every field,
    /// for a model inserted since).
    static func fieldVersions(known: [String: String], change: LocalChanges.Change?, fields: some Sequence<String>)
        -> [String: String]
    {
        guard let change else { return known }
        var versions = known
        for field in change.changedFields ?? Set(fields) { versions[field] = change.version.fieldVersion }
        return versions
    }

    /// Adds the tombstones of the deletions the store noted (``DeletionsNoted``) but of the
    /// records it sends live: a server that lost them (it went back in time) takes them
    /// again, and one that had them keeps its later writes.
    private mutating func addDeletions(_ deletions: [SyncMetadata.Deletion]) {
        let sent = Set(records.map(\.recordName))
        for deletion in deletions {
            guard let name = UUID(uuidString: deletion.recordName), !sent.contains(name),
                let version = HybridLogicalClock(fieldVersion: deletion.version)
            else { continue }
            records.append(
                SyncRecord(recordName: name, entity: deletion.entity, fields: [:], version: version, isDeleted: true))
        }
    }

    /// A model's entity and primary key in this store, and when it was inserted when the
    /// history says (`Entity/key@seconds`): the origin the server keeps with a record's first
    /// write (``RemoteRecords/names(originatedBy:)``). The time tells a model of a store put
    /// back from a backup from one added after the backup, lost with it, that had its key:
    /// SQLite gives a new row the key after the largest one left, which the lost rows had.
    static func origin(of identifier: PersistentIdentifier, insertedAt: Date?) -> String {
        let key = "\(identifier.entityName)/\(identifier.primaryKey.map(String.init) ?? "")"
        // The shortest text that reads back as the same Double: the same on every read.
        return insertedAt.map { "\(key)@\($0.timeIntervalSince1970)" } ?? key
    }

    /// A name for a model that has none: derived from its domain key, unless another
    /// model of this store already has that name (a local duplicate that could not be
    /// folded, ``LocalDuplicates``), else random.
    private static func newName(codec: EntityCodec, fields: [String: String], isUsed: (String) throws -> Bool)
        throws -> String
    {
        if let derived = codec.derivedRecordName(fields: fields)?.uuidString, try !isUsed(derived) {
            return derived
        }
        return RecordName.random().uuidString
    }
}
