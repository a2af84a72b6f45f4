import Foundation
import Logging
import PostgresNIO
import StoreSyncTesting
import Testing

@testable import StoreSync

/// Against real servers: TestPostgres's TLS server (a certificate for `localhost` from a
/// throw-away CA) and its plain one, which offers no TLS.
@Suite("TLS against a real server: the certificate checked, plaintext refused")
struct TLSServerTests {
    private let logger = Logger(label: "test")

    @Test("verify-full with sslrootcert naming the CA connects over TLS and syncs")
    func verifiedWithPrivateCA() async throws {
        let server = try TestPostgres.tlsServer()
        let url = "\(server.url)?sslmode=verify-full&sslrootcert=\(server.certificates.caFile)"
        let connection = try await RemoteConnection.open(SyncRemote(url: url), logger: logger)
        let rows = try await connection.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        await connection.close()
        #expect(try rows.first?.decode(Bool.self) == true)

        let a = try Machine()
        let b = try Machine()
        try a.add(movie: 7)
        #expect(try await a.sync(url).sentChanges == 1)
        // The default mode with sslrootcert is verify-full as well.
        try await b.sync("\(server.url)?sslrootcert=\(server.certificates.caFile)")
        #expect(try b.movies().map(\.movie) == [7])
    }

    @Test("verify-full with the system's trusted roots refuses the private CA's certificate")
    func systemRootsRefused() async throws {
        let machine = try Machine()
        try machine.add(movie: 1)
        for query in ["?sslmode=verify-full", "?sslrootcert=system"] {
            await #expect {
                try await machine.sync(try TestPostgres.tlsServer().url + query)
            } throws: { error in
                guard case .untrustedServer(_, let reason) = error as? SyncError else { return false }
                return reason.contains("certificate") && reason.contains("sslrootcert=FILE")
            }
        }
        #expect(try await StoreSyncStatus.read(machine.store).neverSynced)
    }

    @Test("verify-full checks the host name: the certificate for localhost does not serve 127.0.0.1")
    func hostNameChecked() async throws {
        let server = try TestPostgres.tlsServer()
        let url = server.url.replacingOccurrences(of: "@localhost:", with: "@127.0.0.1:")
        await #expect {
            try await Machine().sync("\(url)?sslmode=verify-full&sslrootcert=\(server.certificates.caFile)")
        } throws: { error in
            guard case .untrustedServer(_, let reason) = error as? SyncError else { return false }
            return reason.contains("not for the host 127.0.0.1")
        }
    }

    @Test(
        "a server without TLS is refused for verify-full and require: no table made, nothing synced",
        arguments: ["verify-full", "require"])
    func plaintextRefused(mode: String) async throws {
        let url = try await TestPostgres.newDatabase()
        let machine = try Machine()
        try machine.add(movie: 1)
        await #expect {
            try await machine.sync("\(url)?sslmode=\(mode)")
        } throws: { error in
            guard case .untrustedServer(_, let reason) = error as? SyncError else { return false }
            return reason.contains("does not offer TLS") && !"\(error)".contains("\n")
        }
        #expect(try await StoreSyncStatus.read(machine.store).neverSynced)
        #expect(
            try await TestPostgres.integer(
                "SELECT count(*) FROM pg_tables WHERE tablename = 'storesync_schema'", on: url) == 0)
    }

    @Test(
        "a host not loopback as written (127.1, which resolves to 127.0.0.1) gets no plaintext unless disable is named")
    func plaintextOnlyByName() async throws {
        let url = try await TestPostgres.newDatabase().replacingOccurrences(of: "@127.0.0.1:", with: "@127.1:")
        let machine = try Machine()
        try machine.add(movie: 1)
        for query in ["", "?sslmode=prefer", "?sslmode=allow"] {
            await #expect("\(query)") {
                try await machine.sync(url + query)
            } throws: { error in
                guard case .untrustedServer(_, let reason) = error as? SyncError else { return false }
                return reason.contains("does not offer TLS")
            }
        }
        #expect(try await StoreSyncStatus.read(machine.store).neverSynced)
        #expect(try await machine.sync(url + "?sslmode=disable").sentChanges == 1)
    }

    @Test(
        "after a server declines TLS, nothing more is sent unless plaintext is allowed: no user name, no password",
        arguments: [
            ("127.0.0.1", "require", false), ("127.0.0.1", "verify-full", false), ("127.1", "prefer", false),
            ("127.1", "", false), ("127.0.0.1", "prefer", true),
        ])
    func nothingSentAfterDecline(host: String, mode: String, plaintextAllowed: Bool) async throws {
        let server = try DecliningTLSServer()
        async let sent = server.bytesAfterDecliningTLS()
        let query = mode.isEmpty ? "" : "?sslmode=\(mode)"
        await #expect(throws: SyncError.self) {
            try await Machine().sync("postgres://someone:secret-password@\(host):\(server.port)/db\(query)")
        }
        let bytes = try #require(await sent, "the client connected and asked for TLS")
        // The startup message names the user; the password would follow it.
        #expect(String(decoding: bytes, as: UTF8.self).contains("someone") == plaintextAllowed)
        if !plaintextAllowed { #expect(bytes.isEmpty) }
    }
}
