import Foundation

/// A hybrid logical clock's timestamp: the version of a write, which orders
/// last-writer-wins on the server and on every machine.
///
/// Physical time in milliseconds since 1970, a counter, and the device that issued it.
/// Timestamps compare by time, then counter, then device (as PostgreSQL compares `uuid`s:
/// byte by byte), so the server and every machine pick the same winner for two writes.
///
/// Each store keeps a clock: the highest timestamp it has issued or received
/// (``SyncState/clock``). A local save is stamped with its own time, but never at or
/// below that clock (``stamp(savedAt:device:)``): a write made after this machine saw
/// another's is ordered after it, whatever the two machines' clocks say. A machine whose
/// clock runs ahead therefore drags the others' clocks ahead (their next writes still
/// win over its earlier ones), and a machine whose clock is corrected back still orders
/// its new writes after its earlier, future-dated ones.
///
/// A record's version is the latest of its writes; each field has a version of its own
/// (``fieldVersion``), by which the server merges two machines' writes of different fields.
struct HybridLogicalClock: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970.
    let wall: Int64
    /// Orders timestamps issued within the same millisecond or at or below a clock that
    /// ran ahead of this machine's time.
    let counter: Int64
    let device: UUID

    init(wall: Int64, counter: Int64, device: UUID) {
        self.wall = wall
        self.counter = counter
        self.device = device
    }

    /// The lowest timestamp of a device: a model saved before history was kept carries
    /// it, so that any recorded write wins over it.
    static func zero(device: UUID) -> HybridLogicalClock {
        HybridLogicalClock(wall: 0, counter: 0, device: device)
    }

    /// Milliseconds since 1970 of a date, rounded down.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The timestamp of a save made at `date` by `device`, issued by a clock whose
    /// highest timestamp is `self`: the save's own time if it is later than the clock's,
    /// else the clock's time with the next counter. Always above `self`.
    func stamp(savedAt date: Date, device: UUID) -> HybridLogicalClock {
        let time = Self.milliseconds(date)
        if time > wall { return HybridLogicalClock(wall: time, counter: 0, device: device) }
        // A clock a release that took any version received could have stored: the next
        // millisecond rather than an overflow.
        if counter == .max { return HybridLogicalClock(wall: wall &+ 1, counter: 0, device: device) }
        return HybridLogicalClock(wall: wall, counter: counter + 1, device: device)
    }

    /// How far ahead of this machine's clock a version received may be: a machine whose
    /// clock runs ahead by less is synced with; a version further ahead (a broken clock, a
    /// broken or hostile server) would carry every later write of this store with it.
    static let maximumLead: TimeInterval = 30 * 24 * 3600

    /// The highest counter a version received may have: a clock issues one per save made
    /// within one millisecond of its time, or while it is ahead of the machine's time.
    /// Far below `Int64.max`, so that the next stamp's counter never overflows.
    static let maximumCounter: Int64 = 1 << 40

    /// Why a version received cannot be taken (its time negative or beyond
    /// ``maximumLead`` after `now`, its counter negative or above ``maximumCounter``), or
    /// nil when it can.
    func implausibility(receivedAt now: Date) -> String? {
        let latest = Self.milliseconds(now.addingTimeInterval(Self.maximumLead))
        if wall < 0 || wall > latest {
            return
                "its version's time (\(wall) ms since 1970) is more than 30 days ahead of this machine's, or negative"
        }
        if counter < 0 || counter > Self.maximumCounter {
            return "its version's counter (\(counter)) is out of range"
        }
        return nil
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        if lhs.wall != rhs.wall { return lhs.wall < rhs.wall }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return lhs.device.uuidString.lowercased() < rhs.device.uuidString.lowercased()
    }

    /// Reads ``fieldVersion``; nil for other text.
    init?(fieldVersion text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 32 + 36,
            let wall = UInt64(String(decoding: utf8[0..<16], as: UTF8.self), radix: 16),
            let counter = UInt64(String(decoding: utf8[16..<32], as: UTF8.self), radix: 16),
            let device = UUID(uuidString: String(decoding: utf8[32...], as: UTF8.self))
        else { return nil }
        self.init(wall: Int64(bitPattern: wall), counter: Int64(bitPattern: counter), device: device)
    }

    /// The version as text that sorts as the timestamps compare, byte by byte: the time
    /// and the counter in 16 hexadecimal digits each, then the device in lowercase. The
    /// server compares fields' versions in this form (``SyncRecord/fieldVersions``).
    var fieldVersion: String {
        Self.hex16(wall) + Self.hex16(counter) + device.uuidString.lowercased()
    }

    /// The version of a field that a push sends without having changed it: below every
    /// write, so that it only fills a field the server's record lacks.
    static let unchangedFieldVersion = HybridLogicalClock(
        wall: 0, counter: 0, device: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    ).fieldVersion

    /// `value` in 16 hexadecimal digits, as ``fieldVersion`` begins with a time.
    static func hex16(_ value: Int64) -> String {
        let digits = String(UInt64(bitPattern: value), radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    /// `wall.counter.device`, as the store's sync state keeps it.
    var description: String { "\(wall).\(counter).\(device.uuidString)" }

    /// Reads ``description``.
    init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 2)
        guard parts.count == 3, let wall = Int64(parts[0]), let counter = Int64(parts[1]),
            let device = UUID(uuidString: String(parts[2]))
        else { return nil }
        self.init(wall: wall, counter: counter, device: device)
    }
}
