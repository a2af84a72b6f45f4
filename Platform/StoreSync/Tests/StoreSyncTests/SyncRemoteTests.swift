import Testing

@testable import StoreSync

@Suite("Remote URLs")
struct SyncRemoteTests {
    @Test("a full URL: every part read, the password kept out of the description")
    func full() throws {
        let remote = try SyncRemote(url: "postgres://ana:s%40cret@db.example.org:6543/popcorn?sslmode=require")
        #expect(remote.host == "db.example.org")
        #expect(remote.port == 6543)
        #expect(remote.user == "ana")
        #expect(remote.password == "s@cret")
        #expect(remote.database == "popcorn")
        #expect(remote.tlsMode == .require)
        #expect(remote.description == "postgres://ana@db.example.org:6543/popcorn")
        #expect(!"\(remote)".contains("cret"))
    }

    @Test("defaults: port 5432, the user's database, TLS when offered on a loopback host, PGPASSWORD")
    func defaults() throws {
        let remote = try SyncRemote(url: "postgresql://ana@localhost", environment: ["PGPASSWORD": "pw"])
        #expect(remote.port == 5432)
        #expect(remote.database == "ana")
        #expect(remote.tlsMode == .prefer)
        #expect(remote.password == "pw")
        #expect(
            try SyncRemote(url: "postgres://ana@[::1]:5433/x", environment: [:]).description
                == "postgres://ana@[::1]:5433/x")
    }

    @Test(
        "bad URLs are refused with a reason",
        arguments: [
            "http://ana@host/db", "postgres:///db", "postgres://host/db", "postgres://ana@host/db/more",
            "postgres://ana@host/db?sslmode=sometimes", "postgres://ana@host/db?application_name=x", "not a url",
        ])
    func invalid(url: String) {
        #expect {
            try SyncRemote(url: url, environment: [:])
        } throws: { error in
            if case .invalidRemoteURL = error as? SyncError { return true }
            return false
        }
    }
}
