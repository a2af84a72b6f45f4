import Foundation
import Logging
import OpenSwiftData

/// Anti-entropy: after a sync, the store is compared with the server record by record,
/// through digests (``RecordDigest``), and what differs is repaired and reported, so that
/// a divergence, whatever caused it, is never silent and never lasts.
///
/// A store of more than ``LocalDigest/recordsPerPart`` records is compared a part at a time
/// (the records whose names' first byte falls in one of 2, 4, … 256 equal ranges), one part
/// per sync in turn: every record is compared once in every run of that many syncs, and a
/// sync of a large store stays short.
///
/// The two sides compare the live records the server held at the store's cursor, over
/// the fields this release knows, leaving out the records changed here since the last
/// push (the next push sends them), set aside or noted for fetching again, and those
/// written on the server after the cursor (another sync's). One query returns the
/// server's digests of the part's buckets (a bucket per first byte of the names); only the
/// buckets that differ are narrowed down to their records, and only the records that differ
/// are fetched. A record that differs is
/// repaired towards the server, which every machine converges on: fetched and applied as
/// a pull applies it (its deletion included).
///
/// A record this store holds and the server has no row of at all is sent again, whole,
/// at a new version, when the server never removed a tombstone of the store: it lost the
/// record, and this machine's copy is the only one. Once the server has removed
/// tombstones (``TombstoneCompaction``), the record may as well be one deleted elsewhere
/// whose deletion this store missed: neither sending it nor deleting it here is safe, so
/// the model is kept, not sent, and reported as unresolved at each sync until the person
/// edits it (which sends it) or deletes it.
struct DigestCheck {
    let store: SyncedStore
    let codecs: [String: EntityCodec]
    let records: RemoteRecords
    let digests: RemoteDigest
    let compaction: TombstoneCompaction
    let remote: SyncRemote
    let logger: Logger

    /// What a check found.
    struct Outcome {
        /// Records compared.
        var checked = 0
        /// The part of the records compared (from 1), of how many (``LocalDigest``).
        var part = 1
        var parts = 1
        /// Records that differed, each with what differed: fetched and applied here, or sent
        /// again to a server that had lost them.
        var repaired: [UUID: String] = [:]
        /// Records held here that the server has no row of, after it removed tombstones:
        /// kept here and not sent.
        var unresolved: Set<UUID> = []
    }

    func run() async throws(SyncError) -> Outcome {
        let here = try await local { try await LocalDigest.read(store: store) }
        var fields: [String: [String]] = [:]
        for codec in codecs.values { fields[codec.entityName] = codec.fields.map(\.name) + codec.links.map(\.name) }
        var scope = RemoteDigest.Scope(
            fieldsByEntity: fields, cursor: here.cursor, excluded: here.excluded, bytes: here.bytes)
        let server = try await digests.buckets(scope)
        let compared = here.records.filter { !server.later.contains($0.key) }
        let mine = RecordDigest.buckets(compared.mapValues(\.digest))
        var outcome = Outcome(
            checked: max(compared.count, server.buckets.values.reduce(0) { $0 + $1.count }), part: here.part + 1,
            parts: here.parts)
        let differing = Set(mine.keys).union(server.buckets.keys).filter { mine[$0] != server.buckets[$0] }
        guard !differing.isEmpty else { return outcome }

        scope = RemoteDigest.Scope(
            fieldsByEntity: fields, cursor: here.cursor, excluded: here.excluded.union(server.later), bytes: here.bytes)
        let theirs = try await digests.records(scope, inBuckets: differing.sorted())
        let candidates = Set(compared.keys.filter { differing.contains(RecordDigest.bucket(of: $0)) })
            .union(theirs.keys).filter { compared[$0]?.digest != theirs[$0] }
        let current = Dictionary(
            try await records.current(named: candidates.sorted { $0.uuidString < $1.uuidString }).map {
                ($0.recordName, $0)
            }, uniquingKeysWith: { first, _ in first })
        var fetched: [SyncRecord] = []
        var lost: [UUID] = []
        for name in candidates.sorted(by: { $0.uuidString < $1.uuidString }) {
            guard let record = current[name] else {
                if compared[name] != nil { lost.append(name) }
                continue
            }
            // Written since the digests were read: the next sync pulls it.
            guard record.sequence <= here.cursor else { continue }
            if let difference = Self.difference(here: compared[name], server: record) {
                fetched.append(record)
                outcome.repaired[name] = difference
            }
        }
        if !fetched.isEmpty {
            let incoming = IncomingChanges(
                records: fetched, cursor: here.cursor,
                linkElements: try await records.links.elements(of: fetched, codecs: codecs),
                keepsLaterNotedFields: false)
            _ = try await local {
                try await incoming.apply(
                    to: store, device: here.device ?? UUID(), remote: remote, refetched: [],
                    finishedAt: Date(), part: .repair)
            }
        }
        if !lost.isEmpty {
            if try await compaction.horizon() == 0 {
                try await Reassertion(store: store, codecs: codecs, records: records).send(
                    lost.compactMap { name in compared[name].map { (name, $0) } })
                for name in lost { outcome.repaired[name] = "the server had no record of it, sent again" }
            } else {
                outcome.unresolved = Set(lost)
                for name in lost {
                    logger.warning(
                        "\(store.name): record \(name) (\(compared[name]?.entity ?? "")) is held here and the server has no record of it: lost by the server, or deleted elsewhere with a deletion this store missed; kept here and not sent (edit it to send it, or delete it)",
                        metadata: ["store": "\(store.name)", "record": "\(name)"])
                }
            }
        }
        for (name, difference) in outcome.repaired.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            logger.warning(
                "\(store.name): record \(name) differed from the server's: \(difference)",
                metadata: ["store": "\(store.name)", "record": "\(name)"])
        }
        return outcome
    }

    /// What differs between a model here (nil: none) and the server's record of it, and how
    /// it is repaired, or nil when nothing differs. A field the server's record lacks (written by an older release)
    /// is no difference: the model keeps its value, as a pull leaves it.
    static func difference(here: LocalDigest.Record?, server: SyncRecord) -> String? {
        switch (here, server.isDeleted) {
        case (nil, true): return nil
        case (nil, false): return "missing here, taken from the server"
        case (.some, true): return "deleted on the server, deleted here"
        case (let here?, false):
            let differing = here.fields.keys.filter { key in
                server.fields[key].map { $0 != here.fields[key] } ?? false
            }
            return differing.isEmpty
                ? nil : "fields \(differing.sorted().joined(separator: ", ")) set to the server's values"
        }
    }

    /// Runs a step on the local store; its failures name the store.
    private func local<Result>(_ body: () async throws -> Result) async throws(SyncError) -> Result {
        try await SyncError.onLocalStore(store.name, body)
    }
}
