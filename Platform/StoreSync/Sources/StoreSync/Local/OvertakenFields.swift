import Foundation

/// The fields of a received record that the store already holds at a later version than
/// the record's (``RecordVersions``): another sync of the store (another process on the
/// same store file) applied a later version of them after this pull read its page. Left
/// as the store holds them, as the server would keep them, so that a slow pull does not put
/// an older value back under a cursor that has passed the later one.
///
/// Each field's version only grows on the server (a write replaces a field only at a later
/// version), so a received version below the one noted is one the server no longer holds.
struct OvertakenFields {
    /// The fields received at a version below the one noted.
    var fields: Set<String> = []
    /// Whether the whole record is older than the store's: a tombstone below a field
    /// version noted, or a live record every field of which is.
    var isWhole = false

    init() {}

    /// Compares `record` with the versions the store noted of it (`noted`, as the store
    /// keeps them); a record or a store without field versions has nothing overtaken.
    init(_ record: SyncRecord, noted: String?) {
        guard let noted = noted.flatMap(RecordVersions.read), let latest = noted.values.max() else { return }
        if record.isDeleted {
            isWhole = record.version.fieldVersion < latest
            return
        }
        guard let received = record.serverFieldVersions.flatMap(RecordVersions.read), !received.isEmpty else {
            return
        }
        for (field, version) in received {
            if let known = noted[field], version < known { fields.insert(field) }
        }
        isWhole = fields.count == received.count
    }
}
