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

    @Test("versions order by time, then by device as PostgreSQL orders uuids")
    func versions() throws {
        let low = try #require(UUID(uuidString: "0A000000-0000-0000-0000-000000000000"))
        let high = try #require(UUID(uuidString: "F0000000-0000-0000-0000-000000000000"))
        #expect(RecordVersion(modifiedAt: 1, device: high) < RecordVersion(modifiedAt: 2, device: low))
        #expect(RecordVersion(modifiedAt: 2, device: low) < RecordVersion(modifiedAt: 2, device: high))
        #expect(!(RecordVersion(modifiedAt: 2, device: low) < RecordVersion(modifiedAt: 2, device: low)))
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
            RecordVersion(modifiedAt: 1, device: $0.0) < RecordVersion(modifiedAt: 1, device: $0.1)
        }
        #expect(server == local)
    }
}
