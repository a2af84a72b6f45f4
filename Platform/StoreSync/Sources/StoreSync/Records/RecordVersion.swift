import Foundation

/// When and where a record was last written: the order of last-writer-wins.
///
/// Versions compare by modification time, then by device identifier (as PostgreSQL
/// compares `uuid`s: byte by byte), so every machine and the server pick the same winner
/// for the same two writes.
struct RecordVersion: Comparable, Hashable, Sendable {
    /// Seconds since 1970.
    let modifiedAt: Double
    let device: UUID

    static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.modifiedAt != rhs.modifiedAt { return lhs.modifiedAt < rhs.modifiedAt }
        return lhs.device.uuidString.lowercased() < rhs.device.uuidString.lowercased()
    }
}
