import Foundation
import NIOSSL

/// The `sslmode` and `sslrootcert` of a remote URL, turned into the mode and the trusted
/// roots of its connection (the rules are in ``SyncRemote``'s documentation).
struct TLSParameters {
    /// `sslmode`, when the URL has one.
    var mode: SyncRemote.TLSMode?
    /// `sslrootcert`: a file of PEM certificates, or `system`.
    var rootCertificates: String?

    /// The mode the connection to `host` uses.
    func mode(for host: String) throws(SyncError) -> SyncRemote.TLSMode {
        let loopback = Self.isLoopback(host)
        guard let mode else {
            // Naming trusted roots asks for the certificate to be checked, on any host.
            return loopback && rootCertificates == nil ? .prefer : .verifyFull
        }
        if let rootCertificates, mode != .verifyFull {
            throw .invalidRemoteURL(
                reason: "sslrootcert=\(rootCertificates) is for checking the server's certificate, "
                    + "which sslmode=\(mode.rawValue) does not do (use sslmode=verify-full)")
        }
        // Only a loopback host may fall back to plaintext without being told to.
        return mode == .prefer && !loopback ? .require : mode
    }

    /// The file named by `sslrootcert` and its certificates; `nil`s for the system's roots.
    func trustedRoots() throws(SyncError) -> (file: String?, certificates: [NIOSSLCertificate]?) {
        guard let file = rootCertificates, file != "system" else { return (nil, nil) }
        func unusable(_ reason: String) -> SyncError {
            .invalidRemoteURL(reason: "sslrootcert=\(file) cannot be used: \(reason)")
        }
        guard !file.isEmpty else { throw .invalidRemoteURL(reason: "sslrootcert names no file") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            throw unusable("the file does not exist")
        }
        guard !isFolder.boolValue else { throw unusable("it is a folder, not a file of PEM certificates") }
        guard let contents = FileManager.default.contents(atPath: file) else {
            throw unusable("the file cannot be read")
        }
        guard let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(contents)), !certificates.isEmpty else {
            throw unusable("the file holds no PEM certificate")
        }
        return (file, certificates)
    }

    /// Whether the host, as written, is the machine itself: `localhost`, an IPv4 address in
    /// 127.0.0.0/8 or `::1`. What a name resolves to is not asked (see ``SyncRemote``).
    static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 { return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127 }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, host, &ipv6) == 1 {
            return withUnsafeBytes(of: ipv6) { $0.elementsEqual(Array(repeating: 0, count: 15) + [1]) }
        }
        return false
    }
}

extension SyncRemote.TLSMode {
    /// A mode from its libpq name: `verify-ca` is checked as `verify-full` (the host name
    /// too), and `allow` is taken as `prefer`.
    init(libpqName name: String) throws(SyncError) {
        switch name {
        case "verify-ca": self = .verifyFull
        case "allow": self = .prefer
        default:
            guard let mode = Self(rawValue: name) else {
                throw .invalidRemoteURL(reason: "sslmode=\(name) is not one of disable, prefer, require, verify-full")
            }
            self = mode
        }
    }
}
