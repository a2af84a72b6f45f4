import Foundation
import OpenSwiftData

/// The records a pull deleted through a delete rule (`.cascade`) rather than by their
/// own tombstones: another machine linked a child to a parent this pull deleted, say.
/// Each is pushed as a tombstone, so that every machine ends without them; kept in the
/// store's ``SyncMetadata`` from the pull that deleted them until the server has them.
struct CascadedDeletions {
    struct Deletion: Codable, Equatable {
        let record: String
        let entity: String
        /// The ``HybridLogicalClock`` description of the tombstone's version, stamped by
        /// the pull (above every version it received).
        let version: String
    }

    var deletions: [Deletion] = []

    private static let name = "storesync.cascadedDeletions"

    static func read(from metadata: SyncMetadata) throws -> CascadedDeletions {
        guard let text = try metadata.value(named: name) else { return CascadedDeletions() }
        return CascadedDeletions(deletions: try JSONDecoder().decode([Deletion].self, from: Data(text.utf8)))
    }

    func write(to metadata: SyncMetadata) throws {
        guard !deletions.isEmpty else { return try metadata.setValue(nil, named: Self.name) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try metadata.setValue(String(decoding: try encoder.encode(deletions), as: UTF8.self), named: Self.name)
    }

    /// The tombstones to push.
    var records: [SyncRecord] {
        deletions.compactMap { deletion in
            guard let name = UUID(uuidString: deletion.record), let version = HybridLogicalClock(deletion.version)
            else { return nil }
            return SyncRecord(recordName: name, entity: deletion.entity, fields: [:], version: version, isDeleted: true)
        }
    }
}
