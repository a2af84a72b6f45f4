import Foundation
@_spi(Sync) import OpenSwiftData

/// This store's side of the digest check (``DigestCheck``): each model that has a record
/// on the server, as the record the server should hold for it at the store's cursor.
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

    /// Reads the store's side in one transaction (which writes nothing).
    static func read(store: SyncedStore, codecs: [String: EntityCodec]) throws -> LocalDigest {
        try store.container.performSyncTransaction(author: SyncAuthor.name) { context, metadata in
            let state = try SyncState.read(from: metadata)
            let device = state.device ?? UUID()
            var digest = LocalDigest(cursor: state.cursor, device: state.device)
            let pending = try LocalChanges.read(
                in: context, after: state.pushedTransaction, codecs: codecs, stamping: state.stamping, device: device
            ).changes
            var names: [PersistentIdentifier: String] = [:]
            for entity in codecs.keys { names.merge(try metadata.recordNames(ofEntity: entity)) { _, new in new } }
            digest.excluded = state.refetch.union(state.setAside)
            digest.excluded.formUnion(pending.keys.compactMap { names[$0].flatMap(UUID.init(uuidString:)) })
            digest.excluded.formUnion(
                try CascadedDeletions.read(from: metadata).deletions.compactMap { UUID(uuidString: $0.record) })
            let pendingLinks = try PendingLinks.read(from: metadata)
            for codec in codecs.values {
                for model in try ModelLookup.all(codec.modelType, entityName: codec.entityName, in: context) {
                    guard let name = names[model.persistentModelID], let recordName = UUID(uuidString: name),
                        !digest.excluded.contains(recordName)
                    else { continue }
                    var fields = try codec.fields(of: model)
                    fields.merge(try codec.linkFields(of: model) { names[$0] }) { _, link in link }
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
