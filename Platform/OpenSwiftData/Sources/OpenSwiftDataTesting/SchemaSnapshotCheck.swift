import Foundation
import OpenSwiftData

/// Compares a shipped schema version with the JSON snapshot committed for it, so that
/// changing a shipped model without adding a new version fails a test.
///
/// ```swift
/// @Test func watchlistV1IsUnchanged() throws {
///     try SchemaSnapshotCheck.verify(WatchlistV1.self, against: snapshotsFolder.appending(path: "WatchlistV1.json"))
/// }
/// ```
/// A missing snapshot file is written (and the check fails, so that the file is
/// reviewed and committed); set `OPENSWIFTDATA_RECORD_SNAPSHOTS=1` to rewrite snapshots
/// on purpose.
public enum SchemaSnapshotCheck {
    /// Why a schema no longer matches its snapshot.
    public struct Mismatch: Error, CustomStringConvertible {
        /// The snapshot file the version was compared with.
        public let snapshotPath: String
        /// How the version's models differ from the snapshot, one line each.
        public let differences: [String]

        public var description: String {
            "The models differ from the snapshot \(snapshotPath) of a shipped version; add a new VersionedSchema "
                + "and a migration stage instead of changing a shipped one:\n- "
                + differences.joined(separator: "\n- ")
        }
    }

    /// The snapshot file did not exist and was written.
    public struct Recorded: Error, CustomStringConvertible {
        /// The snapshot file written.
        public let snapshotPath: String
        public var description: String { "Recorded a new schema snapshot at \(snapshotPath); review and commit it." }
    }

    /// Compares `version`'s models with the snapshot at `url`.
    ///
    /// - Parameters:
    ///   - version: The shipped schema version to check.
    ///   - url: The version's JSON snapshot, committed beside the tests.
    ///   - environment: Where `OPENSWIFTDATA_RECORD_SNAPSHOTS` is read; `1` rewrites the
    ///     snapshot from the models.
    /// - Throws: ``Mismatch`` when the models differ from the snapshot, ``Recorded`` when
    ///   the snapshot did not exist and was written.
    public static func verify(
        _ version: any VersionedSchema.Type,
        against url: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let current = SchemaSnapshot(version)
        let exists = FileManager.default.fileExists(atPath: url.path)
        if !exists || environment["OPENSWIFTDATA_RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try current.jsonData().write(to: url)
            if !exists { throw Recorded(snapshotPath: url.path) }
            return
        }
        let committed = try SchemaSnapshot(json: Data(contentsOf: url))
        let differences = current.differences(from: committed)
        if !differences.isEmpty {
            throw Mismatch(snapshotPath: url.path, differences: differences)
        }
    }
}
