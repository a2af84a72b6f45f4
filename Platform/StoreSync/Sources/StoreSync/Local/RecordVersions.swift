import Foundation
import OpenSwiftData

/// What a store knows of its records' field versions (``HybridLogicalClock/fieldVersion``,
/// by field name), noted in its ``SyncMetadata`` as the server holds them: after a pull,
/// the versions of the records it applied; after a push, those the server returned for the
/// records it wrote, and for those it kept its own version of over this store's, the
/// versions this store's values were written at, until the pull brings the server's. A
/// record deleted here, or by a tombstone received, has none.
///
/// The store keeps the server's own text of them (`field_versions` as `jsonb` prints it),
/// beside the record's name (``SyncMetadata/setRecordVersions(_:of:)``), read only where
/// fields of a record are merged with others' (``merge(_:of:in:)``).
enum RecordVersions {
    /// Reads versions noted or received; nil for text that is not a JSON object of strings.
    static func read(_ text: String) -> [String: String]? {
        try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }

    /// Notes `versions` for some fields of the record of the model `identifier`, over what
    /// the store knew of the others.
    static func merge(_ versions: [String: String], of identifier: PersistentIdentifier, in metadata: SyncMetadata)
        throws
    {
        var known = try metadata.recordVersions(of: identifier).flatMap(read) ?? [:]
        known.merge(versions, uniquingKeysWith: { _, new in new })
        try metadata.setRecordVersions(JSONText.object(known.mapValues(JSONText.string)), of: identifier)
    }
}
