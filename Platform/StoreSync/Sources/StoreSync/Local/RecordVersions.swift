import Foundation
import OpenSwiftData

/// What a store knows of its records' field versions (``HybridLogicalClock/fieldVersion``,
/// by field name), noted in its ``SyncMetadata`` as the server holds them: after a pull,
/// the versions of the records it applied; after a push, those the server returned for the
/// records it wrote. A record deleted here, or by a tombstone received, has none.
enum RecordVersions {
    /// The versions as the store notes them: a JSON object, keys sorted.
    static func text(_ versions: [String: String]) -> String {
        "{"
            + versions.keys.sorted().map { "\(JSONText.string($0)):\(JSONText.string(versions[$0] ?? ""))" }
            .joined(separator: ",") + "}"
    }

    /// Reads ``text(_:)``; nil for text that is not such an object.
    static func read(_ text: String) -> [String: String]? {
        try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    /// Notes `versions` for the record `name`; nil forgets them.
    static func note(_ versions: [String: String]?, of name: String, in metadata: SyncMetadata) throws {
        try metadata.setRecordVersions(versions.map(text), ofRecordNamed: name)
    }

    /// Notes `versions` for some fields of the record `name`, over what the store knew of the others.
    static func merge(_ versions: [String: String], of name: String, in metadata: SyncMetadata) throws {
        var known = try metadata.recordVersions(ofRecordNamed: name).flatMap(read) ?? [:]
        known.merge(versions, uniquingKeysWith: { _, new in new })
        try note(known, of: name, in: metadata)
    }
}
