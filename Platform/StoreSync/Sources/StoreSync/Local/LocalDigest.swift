import Foundation
import OpenSwiftData

/// This store's side of the digest check (``DigestCheck``): each model that has a record
/// on the server, in the part of the records compared, as the record the server should
/// hold for it at the store's cursor.
struct LocalDigest {
    /// A model as its record: entity, fields in `jsonb`'s text (``JSONBText``), digest.
    struct Record {
        let entity: String
        let fields: [String: String]
        let digest: String
    }

    /// The records of the models that take part, by name.
    var records: [UUID: Record] = [:]
    /// The records that take no part: changed here since the last push (the next push
    /// sends them), noted to be fetched again or set aside (``SyncState``), or deleted by a
    /// pull's delete rule and not pushed yet (``CascadedDeletions``).
    var excluded: Set<UUID> = []
    /// The store's cursor: what the server held when the store was last brought up to date.
    var cursor: Int64 = 0
    /// The store's device, for a record applied.
    var device: UUID?
    /// The part of the records compared: those whose names' first byte is in ``bytes``, part
    /// ``part`` (from 0) of ``parts``.
    var part = 0
    var parts = 1
    var bytes: Range<Int> { part * 256 / parts..<(part + 1) * 256 / parts }

    /// Records compared per sync, at most (about): a store with more is compared a part at
    /// a time, one part per sync in turn, so that a sync of a large store stays short.
    static let recordsPerPart = 2_048

    /// The number of parts of a store of `count` records: a power of two, at most 256.
    static func parts(of count: Int) -> Int {
        var parts = 1
        while parts < 256 && parts * recordsPerPart < count { parts *= 2 }
        return parts
    }

    /// Reads the store's side of its part (the one after the last sync's) in one
    /// transaction, which writes nothing.
    ///
    /// - Parameter whole: Whether to read every record, as one part, the records changed
    ///   since the push, set aside or due to be fetched again included (for
    ///   ``StoreSyncEngine/reassert(_:)``).
    static func read(store: SyncedStore, whole: Bool = false) async throws -> LocalDigest {
        try await store.container.performSyncTransaction(author: SyncAuthor.name) { context, metadata in
            // Made here, on the store's writer: a codec holds key paths, which are not Sendable.
            let codecs = try EntityCodec.all(for: store)
            let state = try SyncState.read(from: metadata)
            let device = state.device ?? UUID()
            var digest = LocalDigest(cursor: state.cursor, device: state.device)
            let pending =
                whole
                ? [:]
                : try LocalChanges.read(
                    in: context, after: state.pushedTransaction, codecs: codecs, stamping: state.stamping,
                    device: device
                ).changes
            digest.excluded = whole ? [] : state.refetch.union(state.setAside)
            for identifier in pending.keys {
                if let name = try metadata.recordName(of: identifier).flatMap(UUID.init(uuidString:)) {
                    digest.excluded.insert(name)
                }
            }
            digest.excluded.formUnion(
                try CascadedDeletions.read(from: metadata).deletions.compactMap { UUID(uuidString: $0.record) })
            digest.parts = whole ? 1 : parts(of: try metadata.recordNameCount())
            digest.part = abs(state.pullsApplied % digest.parts)
            // Only the part's names are read: its range of names, uppercase as stored.
            let bytes = digest.bytes
            func hex(_ byte: Int) -> String { String(format: "%02X", byte) }
            var names: [PersistentIdentifier: String] = [:]
            for entity in codecs.keys {
                names.merge(
                    try metadata.recordNames(
                        ofEntity: entity, from: hex(bytes.lowerBound),
                        below: bytes.upperBound < 256 ? hex(bytes.upperBound) : nil)
                ) { _, new in new }
            }
            // A link's targets may lie outside the part.
            var targetNames = names
            func targetName(_ target: PersistentIdentifier) throws -> String? {
                if let known = targetNames[target] { return known }
                let found = try metadata.recordName(of: target)
                targetNames[target] = found
                return found
            }
            let pendingLinks = try PendingLinks.read(from: metadata)
            for codec in codecs.values {
                let identifiers = names.keys.filter { $0.entityName == codec.entityName }
                for model in try ModelLookup.models(codec.modelType, Array(identifiers), in: context).values {
                    guard let name = names[model.persistentModelID], let recordName = UUID(uuidString: name),
                        !digest.excluded.contains(recordName)
                    else { continue }
                    var fields = try codec.fields(of: model)
                    fields.merge(try codec.linkFields(of: model, recordName: targetName)) { _, link in link }
                    // A link whose targets have not all arrived holds the field as received.
                    fields.merge(pendingLinks.fields(ofRecord: name)) { _, received in received }
                    var printed: [String: String] = [:]
                    for (key, text) in fields { printed[key] = JSONBText.canonical(text) ?? text }
                    digest.records[recordName] = Record(
                        entity: codec.entityName, fields: printed,
                        digest: RecordDigest.of(entity: codec.entityName, fields: printed))
                }
            }
            return digest
        }
    }
}
