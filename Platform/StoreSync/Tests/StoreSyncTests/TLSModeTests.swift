import Foundation
import OpenSwiftDataTesting
import PostgresNIO
import StoreSyncTesting
import Testing

@testable import StoreSync

@Suite("TLS modes of remote URLs: plaintext only for a loopback host or by name")
struct TLSModeTests {
    private func mode(_ host: String, _ query: String = "") throws -> SyncRemote.TLSMode {
        try SyncRemote(url: "postgres://ana@\(host)/popcorn\(query)", environment: [:]).tlsMode
    }

    @Test(
        "without sslmode, a loopback host as written gets prefer",
        arguments: ["localhost", "LocalHost", "127.0.0.1", "127.8.9.10", "[::1]", "[0:0:0:0:0:0:0:1]"])
    func loopbackDefault(host: String) throws {
        #expect(try mode(host) == .prefer)
    }

    @Test(
        "without sslmode, any other host gets verify-full, a name that resolves to loopback included",
        arguments: [
            "db.example.org", "10.0.0.5", "128.0.0.1", "[2001:db8::1]", "[::2]", "localhost.example.org",
            "my-localhost", "127.1",
        ])
    func otherDefault(host: String) throws {
        #expect(try mode(host) == .verifyFull)
    }

    @Test("an explicit sslmode for another host: prefer and allow become require; disable stays")
    func explicitOther() throws {
        let expected: [String: SyncRemote.TLSMode] = [
            "disable": .disable, "allow": .require, "prefer": .require, "require": .require,
            "verify-ca": .verifyFull, "verify-full": .verifyFull,
        ]
        for (name, mode) in expected {
            #expect(try self.mode("db.example.org", "?sslmode=\(name)") == mode, "sslmode=\(name)")
        }
    }

    @Test("an explicit sslmode for a loopback host is kept")
    func explicitLoopback() throws {
        for name in ["disable", "prefer", "require", "verify-full"] {
            #expect(try mode("127.0.0.1", "?sslmode=\(name)").rawValue == name)
        }
    }

    @Test("the connection may go on without TLS only for disable, and prefer on a loopback host")
    func connectionTLS() throws {
        func tls(_ url: String) throws -> PostgresConnection.Configuration.TLS {
            try RemoteConnection.tls(for: SyncRemote(url: url, environment: [:]))
        }
        #expect(try tls("postgres://ana@db.example.org/x?sslmode=prefer").isEnforced)
        #expect(try tls("postgres://ana@db.example.org/x").isEnforced)
        #expect(try tls("postgres://ana@10.1.2.3/x?sslmode=require").isEnforced)
        #expect(try !tls("postgres://ana@127.0.0.1/x").isEnforced)
        #expect(try !tls("postgres://ana@db.example.org/x?sslmode=disable").isAllowed)
    }

    @Test("sslrootcert names a file of CA certificates, and makes verify-full the default")
    func rootCertificateFile() throws {
        let certificates = try TestCertificates.make()
        let remote = try SyncRemote(
            url: "postgres://ana@localhost/x?sslrootcert=\(certificates.caFile)", environment: [:])
        #expect(remote.rootCertificateFile == certificates.caFile)
        #expect(remote.rootCertificates?.count == 1)
        #expect(remote.tlsMode == .verifyFull)
        let system = try SyncRemote(url: "postgres://ana@localhost/x?sslrootcert=system", environment: [:])
        #expect(system.rootCertificateFile == nil && system.rootCertificates == nil && system.tlsMode == .verifyFull)
    }

    @Test("sslrootcert with a mode that checks no certificate is refused")
    func rootCertificateWithWeakMode() throws {
        let certificates = try TestCertificates.make()
        for query in [
            "sslrootcert=system&sslmode=require", "sslmode=prefer&sslrootcert=\(certificates.caFile)",
            "sslrootcert=\(certificates.caFile)&sslmode=disable",
        ] {
            #expect {
                try SyncRemote(url: "postgres://ana@db.example.org/x?\(query)", environment: [:])
            } throws: { error in
                guard case .invalidRemoteURL(let reason) = error as? SyncError else { return false }
                return reason.contains("sslrootcert=") && reason.contains("verify-full")
            }
        }
    }

    @Test("a sslrootcert file that is missing, a folder or not PEM: one line naming it, before any connection")
    func unusableRootCertificateFile() throws {
        let folder = TemporaryFolder(prefix: "StoreSyncTests")
        let garbage = folder.file("garbage.pem")
        try "not a certificate".write(to: garbage, atomically: true, encoding: .utf8)
        let cases = [
            folder.file("missing.pem").path: "does not exist", folder.url.path: "folder",
            garbage.path: "no PEM certificate",
        ]
        for (file, reason) in cases {
            #expect {
                try SyncRemote(url: "postgres://ana@db.example.org/x?sslrootcert=\(file)", environment: [:])
            } throws: { error in
                guard case .invalidRemoteURL(let text) = error as? SyncError else { return false }
                let message = "\(error)"
                return text.contains(file) && text.contains(reason) && !message.contains("\n")
            }
        }
    }
}
