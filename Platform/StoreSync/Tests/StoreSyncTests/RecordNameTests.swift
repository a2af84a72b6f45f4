import Foundation
import StoreSyncTesting
import Testing

@testable import StoreSync

@Suite("Record names and versions")
struct RecordNameTests {
    @Test("a derived name depends only on the entity and the key values, and is a version-5 UUID")
    func derived() {
        let name = RecordName.derived(entity: "WatchedMovie", keyValues: ["550"])
        #expect(name == RecordName.derived(entity: "WatchedMovie", keyValues: ["550"]))
        #expect(name != RecordName.derived(entity: "WatchedMovie", keyValues: ["551"]))
        #expect(name != RecordName.derived(entity: "Memo", keyValues: ["550"]))
        #expect(name.uuidString.dropFirst(14).first == "5")
        // Fixed for ever: machines on different releases must derive the same names. The
        // value is RFC 9562's (Python's uuid.uuid5 gives it too).
        #expect(name.uuidString == "59FF4ECF-4D2C-5202-B47E-A01C334C58B9")
    }

    @Test("versions order by time, then counter, then device as PostgreSQL orders uuids")
    func versions() throws {
        let low = try #require(UUID(uuidString: "0A000000-0000-0000-0000-000000000000"))
        let high = try #require(UUID(uuidString: "F0000000-0000-0000-0000-000000000000"))
        func version(_ wall: Int64, _ counter: Int64, _ device: UUID) -> HybridLogicalClock {
            HybridLogicalClock(wall: wall, counter: counter, device: device)
        }
        #expect(version(1, 9, high) < version(2, 0, low))
        #expect(version(2, 0, high) < version(2, 1, low))
        #expect(version(2, 1, low) < version(2, 1, high))
        #expect(!(version(2, 1, low) < version(2, 1, low)))
        #expect(HybridLogicalClock(version(7, 3, high).description) == version(7, 3, high))
    }

    @Test("a save is stamped with its own time, or above the clock when the clock is at or past it")
    func stamps() throws {
        let other = UUID()
        let me = UUID()
        let clock = HybridLogicalClock(wall: 5_000, counter: 2, device: other)
        let later = clock.stamp(savedAt: Date(timeIntervalSince1970: 6), device: me)
        #expect(later == HybridLogicalClock(wall: 6_000, counter: 0, device: me))
        // A clock behind the one that stamped: the clock's time, the next counter.
        let behind = clock.stamp(savedAt: Date(timeIntervalSince1970: 1), device: me)
        #expect(behind == HybridLogicalClock(wall: 5_000, counter: 3, device: me))
        #expect(behind > clock && later > clock)
        // The same millisecond: the counter still orders.
        #expect(clock.stamp(savedAt: Date(timeIntervalSince1970: 5.000_4), device: me) > clock)
    }

    @Test("devices compare here as PostgreSQL compares them, so the server and every machine pick one winner")
    func sameOrderAsServer() async throws {
        let url = try await TestPostgres.newDatabase()
        let devices = (0..<40).map { _ in UUID() }
        let pairs = zip(devices, devices.reversed()).map { ($0, $1) }
        let values = pairs.map { "('\($0.0)'::uuid, '\($0.1)'::uuid)" }.joined(separator: ", ")
        let rows = try await TestPostgres.execute("SELECT a < b FROM (VALUES \(values)) AS v(a, b)", on: url)
        let server = try rows.map { try $0.decode(Bool.self) }
        let local = pairs.map {
            HybridLogicalClock(wall: 1, counter: 0, device: $0.0)
                < HybridLogicalClock(wall: 1, counter: 0, device: $0.1)
        }
        #expect(server == local)
    }
}
