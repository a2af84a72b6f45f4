import ChildProcess
import Foundation

/// A throw-away CA and a server certificate it signed for `localhost`, made with the
/// `openssl` command in a temporary folder, for a test server that offers TLS.
public struct TestCertificates: Sendable {
    /// The CA's certificate (PEM): what `sslrootcert` names to trust the server.
    public let caFile: String
    /// The server's certificate and key (PEM), for `ssl_cert_file` and `ssl_key_file`.
    public let serverCertificateFile: String
    public let serverKeyFile: String

    /// Makes the certificates in a new folder of the system's temporary folder.
    public static func make() throws -> TestCertificates {
        let folder = FileManager.default.temporaryDirectory.appending(path: "storesync-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func file(_ name: String) -> String { folder.appending(path: name).path }
        // Short-lived and EC keys: a few milliseconds to make, useless a day later.
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509"] + key + [
                "-keyout", file("ca.key"), "-out", file("ca.pem"), "-days", "2", "-subj", "/CN=StoreSync test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        try openssl(
            ["req"] + key + ["-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=localhost"])
        try "subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n".write(
            toFile: file("server.ext"), atomically: true, encoding: .utf8)
        try openssl([
            "x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"),
            "-CAcreateserial", "-out", file("server.crt"), "-days", "2", "-extfile", file("server.ext"),
        ])
        return TestCertificates(
            caFile: file("ca.pem"), serverCertificateFile: file("server.crt"), serverKeyFile: file("server.key"))
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = ChildProcess()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            throw TestPostgresError(
                description: "openssl \(arguments.first ?? "") failed (is openssl installed? apt-get install openssl)")
        }
    }
}
